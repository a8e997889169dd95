import { expect } from 'chai';
import { ImproperlyConfigured, include } from '../../src';
import { isInclude } from '../../src/table/include';

describe('table/include', () => {
  it('with an appName and no namespace, the instance namespace is the app name (Django)', () => {
    expect(include('/p', [], { appName: 'polls' })).to.deep.include({ prefix: '/p', namespace: 'polls', appName: 'polls' });
    expect(include('/p', [], { namespace: 'a', appName: 'polls' })).to.deep.include({ namespace: 'a', appName: 'polls' });
  });

  it('copies and freezes what it is given', () => {
    const routes: Function[] = [];
    const group = include('', routes);
    routes.push(class {});
    expect(group.routes).to.have.length(0);
    expect(Object.isFrozen(group)).to.equal(true);
    expect(isInclude(group)).to.equal(true);
    expect(isInclude(class {})).to.equal(false);
  });

  it('rejects unknown options and non-array routes', () => {
    expect(() => include('/p', [], { app_name: 'x' } as never)).to.throw(ImproperlyConfigured, '"app_name"');
    expect(() => include('/p', 'nope' as never)).to.throw(ImproperlyConfigured, 'array');
  });
});
