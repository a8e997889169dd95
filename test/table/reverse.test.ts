import { expect } from 'chai';
import { Controller, Get, include, NoReverseMatch } from '../../src';
import { buildRouteTable } from '../../src/table/builder';
import { reversePath } from '../../src/table/reverse';
import { FilesController, PollsController, UsersController } from '../fixtures/controllers';

@Controller('/archive')
class Archive {
  @Get('/:year', { name: 'archive', requirements: { year: /\d{4}/ } }) byYear() {}
  @Get('/:year/:month', { name: 'archive', requirements: { month: '0[1-9]|1[0-2]' } }) byMonth() {}
  @Get('/:slug', 'archive') bySlug() {}
  @Get('/optional{/:page}', 'paged') paged() {}
}

const table = buildRouteTable([UsersController, PollsController, FilesController, Archive, include('/v1', [UsersController], { namespace: 'v1' })]);

function noMatch(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(NoReverseMatch);
    expect((error as NoReverseMatch).code).to.equal('NO_REVERSE_MATCH');
    return (error as Error).message;
  }
  throw new Error('expected NoReverseMatch');
}

describe('table/reverse', () => {
  it('reverses by name with named or positional parameters', () => {
    expect(reversePath(table, 'detail', { id: 42 })).to.equal('/users/42');
    expect(reversePath(table, 'detail', ['42'])).to.equal('/users/42');
    expect(reversePath(table, 'v1:detail', { id: '7' })).to.equal('/v1/users/7');
    expect(reversePath(table, 'polls:detail', { slug: 'a b' })).to.equal('/polls/a%20b');
  });

  it('picks the first route, in registration order, whose names and requirements fit', () => {
    expect(reversePath(table, 'archive', { year: '2024' })).to.equal('/archive/2024');
    noMatch(() => reversePath(table, 'archive', { year: 'soon' }));
    expect(reversePath(table, 'archive', { slug: 'soon' })).to.equal('/archive/soon');
    expect(reversePath(table, 'archive', { year: '2024', month: '12' })).to.equal('/archive/2024/12');
    expect(noMatch(() => reversePath(table, 'archive', { year: '2024', month: '13' }))).to.contain("'/archive/:year/:month'");
  });

  it('checks requirements against the whole value', () => {
    noMatch(() => reversePath(table, 'detail', { id: 'a1' }));
    noMatch(() => reversePath(table, 'detail', { id: '1a' }));
  });

  it('refuses missing, unknown and unusable parameters', () => {
    for (const params of [{}, { id: 1, extra: 2 }, { id: '' }, { id: '.' }, { id: '..' }, { id: undefined }, { id: null }, { id: {} }, [1, 2]]) {
      noMatch(() => reversePath(table, 'detail', params as never));
    }
  });

  it('handles optional groups and wildcards', () => {
    expect(reversePath(table, 'paged')).to.equal('/archive/optional');
    expect(reversePath(table, 'paged', { page: '2' })).to.equal('/archive/optional/2');
    expect(reversePath(table, 'file', { path: 'a/b/c.txt' })).to.equal('/files/a/b/c.txt');
    expect(reversePath(table, 'file', { path: ['a', 'b c'] })).to.equal('/files/a/b%20c');
    noMatch(() => reversePath(table, 'file', { path: '../etc/passwd' }));
  });

  it('names the route, the parameters and the patterns tried', () => {
    const message = noMatch(() => reversePath(table, 'detail', { id: 'x' }));
    expect(message).to.equal(`Reverse for 'detail' with params {"id":"x"} not found. 1 pattern(s) tried: ['/users/:id'].`);
  });

  it('suggests the closest known names for an unknown one', () => {
    expect(noMatch(() => reversePath(table, 'detial'))).to.contain("Did you mean 'detail'");
    expect(noMatch(() => reversePath(table, 'v1:crate'))).to.contain("'v1:create'");
    expect(noMatch(() => reversePath(table, 'users-list'))).to.not.contain("'detail'");
    expect(noMatch(() => reversePath(table, 'zzzzzzzzzzzz'))).to.not.contain('Did you mean');
    noMatch(() => reversePath(table, ''));
  });
});
