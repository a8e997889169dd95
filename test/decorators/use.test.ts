import { expect } from 'chai';
import type { Context, Middleware, Next } from 'koa';
import request from 'supertest';
import { Controller, createApp, Forbidden, Get, ImproperlyConfigured, include, Param, URLPathVersioning, Use } from '../../src';
import { controllerMiddleware, routeMiddleware } from '../../src/decorators/use';

/** Middleware that records its name (and what routing knew) on the way in and on the way out. */
function tracer(log: string[], name: string): Middleware {
  return async (ctx: Context, next: Next) => {
    log.push(`${name}>`);
    await next();
    log.push(`<${name}`);
  };
}

describe('decorators/use', () => {
  it('runs include use (outer to inner), controller @Use, route @Use, each top to bottom, around the handler', async () => {
    const log: string[] = [];
    @Controller('/c')
    @Use(tracer(log, 'c1'), tracer(log, 'c2'))
    @Use(tracer(log, 'c3'))
    class C {
      @Use(tracer(log, 'r1'))
      @Get('/x', 'x')
      @Use(tracer(log, 'r2'), tracer(log, 'r3'))
      x() {
        log.push('handler');
        return { ok: true };
      }
    }
    const routes = [include('/outer', [include('/inner', [C], { use: [tracer(log, 'i2')] })], { use: [tracer(log, 'i1')] })];
    await request(createApp({ routes }).callback()).get('/outer/inner/c/x').expect(200, { ok: true });
    expect(log).to.deep.equal(['i1>', 'i2>', 'c1>', 'c2>', 'c3>', 'r1>', 'r2>', 'r3>', 'handler', '<r3', '<r2', '<r1', '<c3', '<c2', '<c1', '<i2', '<i1']);
  });

  it('sees the matched route, version, scheme and params; app.use() runs before routing', async () => {
    const seen: unknown[] = [];
    @Controller('/:version/users', { namespace: 'users' })
    @Use(async (ctx, next) => {
      seen.push({ name: ctx.route?.name, version: ctx.version, scheme: ctx.versioningScheme?.constructor.name, params: ctx.params });
      await next();
    })
    class Users {
      @Get('/:id', 'detail') detail(@Param('id') id: string) {
        return { id };
      }
    }
    const app = createApp({ routes: [Users], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) });
    app.use(async (ctx, next) => {
      seen.push({ before: ctx.route });
      await next();
    });
    await request(app.callback()).get('/v1/users/7').expect(200, { id: '7' });
    expect(seen).to.deep.equal([{ before: null }, { name: 'users:detail', version: 'v1', scheme: 'URLPathVersioning', params: { version: 'v1', id: '7' } }]);
  });

  it('does not run when the version is refused: route middleware comes after version determination', async () => {
    let ran = 0;
    @Controller('/:version/x')
    @Use(async (_ctx, next) => {
      ran++;
      await next();
    })
    class X {
      @Get('', 'x') x() {
        return 1;
      }
    }
    const app = createApp({ routes: [X], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) });
    await request(app.callback()).get('/v9/x').expect(404);
    expect(ran).to.equal(0);
  });

  it('may answer by itself, throw an HttpError, or read the rendered response after next()', async () => {
    let handled = 0;
    @Controller('/g')
    class Guarded {
      @Get('/short', 'short')
      @Use(async (ctx) => {
        ctx.status = 202;
        ctx.body = { short: true };
      })
      short() {
        handled++;
      }

      @Get('/deny', 'deny')
      @Use(async () => {
        throw new Forbidden('Admins only.');
      })
      deny() {
        handled++;
      }

      @Get('/after', 'after')
      @Use(async (ctx, next) => {
        await next();
        ctx.set('X-Body', String(ctx.body));
      })
      after() {
        return { n: 1 };
      }
    }
    const agent = request(createApp({ routes: [Guarded] }).callback());
    await agent.get('/g/short').expect(202, { short: true });
    const denied = await agent.get('/g/deny').expect(403);
    expect([denied.body.detail, denied.body.status, denied.type]).to.deep.equal(['Admins only.', 403, 'application/problem+json']);
    const after = await agent.get('/g/after').expect(200);
    expect(after.headers['x-body']).to.equal('{"n":1}');
    expect(handled).to.equal(0);
  });

  it('inherits a base controller class’s @Use, the base’s first', () => {
    const a: Middleware = async (_c, n) => n();
    const b: Middleware = async (_c, n) => n();
    @Use(a)
    class Base {}
    @Use(b)
    class Sub extends Base {}
    expect(controllerMiddleware(Sub).map((entry) => entry.middleware)).to.deep.equal([a, b]);
    expect(controllerMiddleware(Base).map((entry) => entry.middleware)).to.deep.equal([a]);
  });

  it('keeps a route method’s @Use through an override, the base’s first (guard_lost_through_inheritance)', () => {
    const a: Middleware = async (_c, n) => n();
    const b: Middleware = async (_c, n) => n();
    class Base {
      @Use(a) m() {}
    }
    class Sub extends Base {
      override m() {}
    }
    class Added extends Base {
      @Use(b, a) override m() {}
    }
    expect(routeMiddleware(Base.prototype, 'm').map((entry) => entry.middleware)).to.deep.equal([a]);
    expect(routeMiddleware(Sub.prototype, 'm').map((entry) => entry.middleware)).to.deep.equal([a]);
    expect(routeMiddleware(Added.prototype, 'm').map((entry) => entry.middleware)).to.deep.equal([a, b]);
  });

  it('refuses what is not middleware, when decorating and in include()', () => {
    expect(() => Use('nope' as unknown as Middleware)).to.throw(ImproperlyConfigured, /@Use\(\) argument 1 takes Koa middleware functions or described guards .*got "nope"/);
    expect(() => include('/x', [], { use: [42 as unknown as Middleware] })).to.throw(ImproperlyConfigured, /use \}\) entry 1 takes Koa middleware functions/);
  });

  it('two apps built from one include list share no state: middleware state is the middleware’s own', async () => {
    const hits: string[] = [];
    @Controller('/p')
    class P {
      @Get('', 'p') p() {
        return 'p';
      }
    }
    const routes = [include('/a', [P], { use: [tracer(hits, 'a')] })];
    const one = createApp({ routes });
    const two = createApp({ routes: [P] });
    await request(two.callback()).get('/p').expect(200);
    expect(hits).to.deep.equal([]);
    await request(one.callback()).get('/a/p').expect(200);
    expect(hits).to.deep.equal(['a>', '<a']);
  });
});
