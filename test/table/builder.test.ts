import { expect } from 'chai';
import type { Middleware } from 'koa';
import { Controller, Get, ImproperlyConfigured, include, Param, Post, Use } from '../../src';
import { buildRouteTable } from '../../src/table/builder';
import { PollsController, UsersController } from '../fixtures/controllers';

function misconfigured(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect((error as ImproperlyConfigured).code).to.equal('IMPROPERLY_CONFIGURED');
    return (error as Error).message;
  }
  throw new Error('expected ImproperlyConfigured');
}

describe('table/builder', () => {
  it('makes one record per route with full pattern, name and namespaces', () => {
    const table = buildRouteTable([include('/v1', [UsersController, PollsController], { namespace: 'v1' })]);
    const summary = table.routes.map((r) => [r.method, r.pattern.source, r.fullName, r.namespace, r.handler]);
    expect(summary).to.deep.equal([
      ['GET', '/v1/users', 'v1:list', 'v1', 'list'],
      ['GET', '/v1/users/:id', 'v1:detail', 'v1', 'detail'],
      ['POST', '/v1/users', 'v1:create', 'v1', 'create'],
      ['GET', '/v1/polls/:slug', 'v1:polls:detail', 'v1:polls', 'detail'],
    ]);
    expect(table.routes[1].requirements.get('id')?.test('12')).to.equal(true);
    expect(table.routes[1].requirements.get('id')?.test('a1')).to.equal(false);
  });

  it('gives the routes of one table with the same parameters one frozen parameter list, and none to another table', () => {
    const first = buildRouteTable([include('/:version', [UsersController, PollsController])]);
    const [, detail, , poll] = first.routes;
    expect(detail.pattern.params).to.deep.equal([
      { name: 'version', wildcard: false, optional: false },
      { name: 'id', wildcard: false, optional: false },
    ]);
    expect(first.routes[0].pattern.params).to.equal(first.routes[2].pattern.params); // both [version]
    expect(detail.pattern.params).to.not.equal(poll.pattern.params); // [version, id] and [version, slug]
    expect(Object.isFrozen(detail.pattern.params) && Object.isFrozen(detail.pattern.params[0])).to.equal(true);
    const second = buildRouteTable([include('/:version', [UsersController])]);
    expect(second.routes[1].pattern.params).to.deep.equal(detail.pattern.params);
    expect(second.routes[1].pattern.params).to.not.equal(detail.pattern.params);
  });

  it('records application namespaces apart from instance namespaces', () => {
    const table = buildRouteTable([include('/a', [UsersController], { namespace: 'first', appName: 'users' })]);
    expect(table.routes[0].namespace).to.equal('first');
    expect(table.routes[0].appNamespace).to.equal('users');
  });

  it('mounts the same controllers several times', () => {
    const table = buildRouteTable([
      include('/v1', [UsersController], { namespace: 'v1' }),
      include('/v2', [UsersController], { namespace: 'v2' }),
    ]);
    expect(table.routes.filter((r) => r.name === 'detail').map((r) => r.fullName)).to.deep.equal(['v1:detail', 'v2:detail']);
  });

  it('joins prefixes without doubling or losing slashes', () => {
    @Controller('/things/')
    class Things {
      @Get('/', 'root') root() {}
      @Get('/:id', 'one') one() {}
    }
    const table = buildRouteTable([include('/api/', [include('', [Things])])]);
    expect(table.routes.map((r) => r.pattern.source)).to.deep.equal(['/api/things', '/api/things/:id']);
  });

  it('rejects two routes with the same name, method and pattern whose versions overlap', () => {
    @Controller()
    class Twice {
      @Get('/x', { name: 'x', versions: ['1', '2'] }) a() {}
      @Get('/x', { name: 'x', versions: ['2'] }) b() {}
    }
    expect(misconfigured(() => buildRouteTable([Twice]))).to.contain("'x'").and.contain('Twice.a').and.contain('Twice.b');
  });

  // Regression: @Use() on a method without a route decorator was ignored, so a guard written on the wrong method guarded nothing.
  it('rejects @Use() or a parameter decorator on a method no route decorator makes a handler, naming it', () => {
    const guard: Middleware = async (_ctx, next) => next();
    @Controller()
    class Guarded {
      @Get('/x', 'x') x() {}
      @Use(guard) helper() {}
    }
    expect(misconfigured(() => buildRouteTable([Guarded]))).to.contain('@Use() is on Guarded.helper').and.contain('put @Use() on the class');
    @Controller()
    class Bound {
      @Get('/y', 'y') y() {}
      helper(@Param('id') id: string) {
        return id;
      }
    }
    expect(misconfigured(() => buildRouteTable([Bound]))).to.contain('a parameter decorator is on Bound.helper');
    @Controller()
    class Base {
      @Get('/z', 'z') @Use(guard) z(@Param('id') id: string) {
        return id;
      }
    }
    @Controller()
    class Sub extends Base {
      override z(@Param('id') id: string) {
        return id;
      }
    }
    expect(buildRouteTable([Sub]).routes.map((route) => route.handler)).to.deep.equal(['z']);
  });

  it('accepts a shared name when the versions are disjoint', () => {
    @Controller()
    class Split {
      @Get('/x', { name: 'x', versions: ['1'] }) a() {}
      @Get('/x', { name: 'x', versions: ['2'] }) b() {}
    }
    expect(buildRouteTable([Split]).routes).to.have.length(2);
  });

  it('rejects empty and malformed names and namespaces', () => {
    for (const name of ['', 'a:b', 'has space', 'tab\t']) {
      @Controller()
      class Bad {
        @Get('/x', name) a() {}
      }
      expect(misconfigured(() => buildRouteTable([Bad]))).to.contain('route name of Bad.a');
    }
    expect(misconfigured(() => buildRouteTable([include('/a', [UsersController], { namespace: 'a:b' })]))).to.contain('"a:b"');
  });

  it('rejects a requirement on a parameter the path does not have', () => {
    @Controller()
    class Req {
      @Get('/x/:id', { name: 'x', requirements: { slug: /\w+/ } }) a() {}
    }
    expect(misconfigured(() => buildRouteTable([Req]))).to.contain('"slug"').and.contain('Parameters: id');
  });

  it('rejects unknown options everywhere', () => {
    @Controller()
    class Opt {
      @Get('/x', { name: 'x', requirments: {} } as never) a() {}
    }
    expect(misconfigured(() => buildRouteTable([Opt]))).to.contain('unknown option "requirments"');
    expect(misconfigured(() => include('/x', [], { namspace: 'x' } as never))).to.contain('"namspace"');
  });

  it('rejects an undecorated class, a bad path and an invalid pattern with the handler named', () => {
    class Plain {}
    expect(misconfigured(() => buildRouteTable([Plain]))).to.contain('Plain').and.contain('@Controller');
    @Controller()
    class NoSlash {
      @Post('x', 'x') a() {}
    }
    expect(misconfigured(() => buildRouteTable([NoSlash]))).to.contain('NoSlash.a');
    @Controller()
    class Broken {
      @Get('/:a:b', 'x') a() {}
    }
    expect(misconfigured(() => buildRouteTable([Broken]))).to.contain('Broken.a');
    @Controller()
    class Twice {
      @Get('/:id/:id', 'x') a() {}
    }
    expect(misconfigured(() => buildRouteTable([Twice]))).to.contain('"id" appears twice');
  });

  it('inherits routes from a base controller; a subclass override replaces them', () => {
    class Base {
      @Get('/a', 'a') a() {}
      @Get('/b', 'b') b() {}
    }
    @Controller('/child')
    class Child extends Base {
      @Get('/b2', 'b') override b() {}
    }
    expect(buildRouteTable([Child]).routes.map((r) => r.pattern.source)).to.deep.equal(['/child/a', '/child/b2']);
  });
});
