import { expect } from 'chai';
import { Controller, createApp, Get, include, Post, URLPathVersioning, type RouteInfo } from '../../src';

@Controller('/polls')
class Polls {
  @Get('', 'index') index() {}
  @Post('/:id', { name: 'vote', versions: ['v2'], requirements: { id: '\\d+' } }) vote() {}
  @Get('/:id') hidden() {}
}

@Controller('/health', { versioning: null })
class Health {
  @Get('', 'health') health() {}
}

const versioning = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
const app = createApp({
  routes: [include('/:version/author', [Polls], { namespace: 'author-polls', appName: 'polls' }), Health],
  versioning,
});

describe('app.routes', () => {
  it('lists every route in registration order, as plain data', () => {
    const [index, vote, hidden, health] = app.routes;
    expect(app.routes).to.have.length(4);
    expect(index).to.deep.include({
      name: 'author-polls:index',
      names: ['author-polls:index', 'polls:index'],
      method: 'GET',
      methods: ['HEAD', 'GET'],
      pattern: '/:version/author/polls',
      namespace: 'author-polls',
      appNamespace: 'polls',
      versions: null,
      handler: 'Polls.index',
      shadowedBy: null,
    });
    expect(index.parameters).to.deep.equal([{ name: 'version', wildcard: false, optional: false }]);
    expect([vote.versions, vote.requirements, vote.methods]).to.deep.equal([['v2'], { id: '\\d+' }, ['POST']]);
    expect([index.versioning, health.versioning]).to.deep.equal([versioning, null]);
    expect(hidden.name).to.equal(null);
    expect(hidden.shadowedBy).to.equal(null);
  });

  it('is read-only: the list and every route are frozen, and each read gives the same list', () => {
    const routes = app.routes;
    expect(app.routes).to.equal(routes);
    expect(Object.isFrozen(routes)).to.equal(true);
    for (const route of routes) {
      for (const value of [route, route.names, route.methods, route.parameters, route.requirements, ...route.parameters]) expect(Object.isFrozen(value)).to.equal(true);
    }
    expect(() => (routes as RouteInfo[]).push(routes[0])).to.throw(TypeError);
    expect(() => ((routes[0] as { pattern: string }).pattern = '/x')).to.throw(TypeError);
  });

  it('belongs to its app: two apps built from the same classes list their own routes', () => {
    const other = createApp({ routes: [Polls] });
    expect(other.routes.map((route) => route.pattern)).to.deep.equal(['/polls', '/polls/:id', '/polls/:id']);
    expect(app.routes[0].pattern).to.equal('/:version/author/polls');
  });

  it('notes the earlier route that hides one, as `waymark routes` does', () => {
    @Controller('/t')
    class Twice {
      @Get('/:id', 'first') first() {}
      @Get('/new', 'second') second() {}
    }
    expect(createApp({ routes: [Twice] }).routes[1].shadowedBy).to.deep.equal({ route: 'first', versions: null });
  });
});
