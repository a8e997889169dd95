import { expect } from 'chai';
import fc from 'fast-check';
import type { Context, Middleware, Next } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Forbidden, Get, include, Param, Use, URLPathVersioning, type ParamHook, type ParamHooks } from '../../src';
import { buildRouteTable } from '../../src/table/builder';
import { documentOf } from '../openapi/validator';

/** A hook that records `label:value` in `ctx.state.calls` and goes on. */
const recording = (label: string): ParamHook => (value, ctx, next) => {
  (ctx.state.calls ??= []).push(`${label}:${value}`);
  return next();
};

describe('koa-router/param-hooks: middleware bound to a parameter name (docs/coming-from-koa-router.md#parameter-hooks)', () => {
  @Controller('/users/:user', { params: { user: recording('controller'), post: recording('controller') } })
  class Posts {
    @Get('/posts/:post', 'post') post(@Ctx() ctx: Context) {
      return ctx.state.calls;
    }
    @Get('', 'user') user(@Ctx() ctx: Context) {
      return ctx.state.calls;
    }
  }

  const app = createApp({
    routes: [include('', [Posts], { params: { post: recording('include'), user: recording('include') } })],
    params: { post: recording('app'), user: recording('app') },
  });

  it('runs each in the order the parameters appear in the path, the app before an include before a controller', async () => {
    const { body } = await request(app.callback()).get('/users/ada/posts/7').expect(200);
    expect(body).to.deep.equal(['app:ada', 'include:ada', 'controller:ada', 'app:7', 'include:7', 'controller:7']);
  });

  it("runs only the hooks of the route's own parameters", async () => {
    expect((await request(app.callback()).get('/users/ada').expect(200)).body).to.deep.equal(['app:ada', 'include:ada', 'controller:ada']);
  });

  it('runs one hook given at two levels once', async () => {
    const once = recording('once');
    @Controller('', { params: { id: once } })
    class One {
      @Get('/:id') one(@Ctx() ctx: Context) {
        return ctx.state.calls;
      }
    }
    const twice = createApp({ routes: [include('', [One], { params: { id: once } })], params: { id: once } });
    expect((await request(twice.callback()).get('/3').expect(200)).body).to.deep.equal(['once:3']);
  });

  it('runs after the version is determined and before the route’s guards; the handler gets the converted value', async () => {
    const seen: unknown[] = [];
    const guard: Middleware = (ctx, next) => {
      seen.push(['guard', ctx.state.user]);
      return next();
    };
    @Controller('/users', { params: { id: (value, ctx, next) => ((ctx.state.user = `user ${value} of ${ctx.version}`), next()) } })
    @Use(guard)
    class Users {
      @Get('/:id') detail(@Param('id') id: number, @Ctx() ctx: Context) {
        return { id, user: ctx.state.user };
      }
    }
    const versioned = createApp({ routes: [include('/:version', [Users])], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) });
    expect((await request(versioned.callback()).get('/v1/users/5').expect(200)).body).to.deep.equal({ id: 5, user: 'user 5 of v1' });
    expect(seen).to.deep.equal([['guard', 'user 5 of v1']]);
  });

  describe('a hook that does not call next ends the request', () => {
    @Controller('', {
      params: {
        body: (_value, ctx) => void ((ctx.status = 403), (ctx.body = { denied: true })),
        status: (_value, ctx) => void (ctx.status = 410),
        neither: () => undefined,
        throws: () => {
          throw new Forbidden('Not yours.');
        },
        rejects: async () => {
          throw new Forbidden('Not yours either.');
        },
      },
    })
    class Ended {
      @Get('/a/:body') a() {
        return 'handler';
      }
      @Get('/b/:status') b() {
        return 'handler';
      }
      @Get('/c/:neither') c() {
        return 'handler';
      }
      @Get('/d/:throws') d() {
        return 'handler';
      }
      @Get('/e/:rejects') e() {
        return 'handler';
      }
    }
    const agent = () => request(createApp({ routes: [Ended] }).callback());

    it('with its status and body', async () => {
      expect((await agent().get('/a/1').expect(403)).body).to.deep.equal({ denied: true });
      await agent().get('/b/1').expect(410);
    });

    it('with neither, as a 404 problem document', async () => {
      const reply = await agent().get('/c/1').expect(404);
      expect(reply.type).to.equal('application/problem+json');
    });

    it('a throw or a rejection is handled as a guard’s: its problem document', async () => {
      expect((await agent().get('/d/1').expect(403)).body.detail).to.equal('Not yours.');
      expect((await agent().get('/e/1').expect(403)).body.detail).to.equal('Not yours either.');
    });
  });

  it('skips the hook of a parameter an optional group left out', async () => {
    @Controller('', { params: { page: recording('page') } })
    class Pages {
      @Get('/list{/:page}') list(@Ctx() ctx: Context) {
        return ctx.state.calls ?? [];
      }
    }
    const agent = request(createApp({ routes: [Pages] }).callback());
    expect((await agent.get('/list').expect(200)).body).to.deep.equal([]);
    expect((await agent.get('/list/2').expect(200)).body).to.deep.equal(['page:2']);
  });

  it('a route without a hooked parameter has no middleware for it: it pays nothing', () => {
    const table = buildRouteTable([Posts], { params: { other: recording('other') } });
    expect(table.routes.map((route) => route.middleware.length)).to.deep.equal([2, 1]);
    @Controller('')
    class Plain {
      @Get('/:id') plain() {}
    }
    expect(buildRouteTable([Plain], { params: { other: recording('other') } }).routes[0].middleware).to.have.length(0);
  });

  it('documents a described hook’s responses and security as a described guard’s', async () => {
    @Controller('/books', { params: { id: { hook: (_v, _c, next: Next) => next(), responses: [403], security: { bearerAuth: [] } } } })
    class Books {
      @Get('/:id', 'detail') detail() {
        return {};
      }
    }
    const documented = createApp({ routes: [Books], openapi: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } } });
    const operation = (await documentOf(documented)).paths['/books/{id}'].get;
    expect(operation.security).to.deep.equal([{ bearerAuth: [] }]);
    expect(Object.keys(operation.responses)).to.include('403');
  });

  it('refuses params it cannot use, naming them', () => {
    const bad: unknown[] = [[], 'x', { id: 5 }, { id: { hook: 5 } }, { id: { hook: () => {}, scopes: [] } }, { id: { hook: () => {}, responses: [200] } }];
    for (const params of bad) {
      expect(() => createApp({ routes: [], params: params as ParamHooks }), JSON.stringify(params)).to.throw(/params/).with.property('code', 'IMPROPERLY_CONFIGURED');
      expect(() => include('', [], { params: params as ParamHooks }), JSON.stringify(params)).to.throw().with.property('code', 'IMPROPERLY_CONFIGURED');
    }
  });

  it('property: each hook runs once, in path order, outermost first', async () => {
    const names = ['a', 'b', 'c', 'd'];
    const levels = ['app', 'include', 'controller'] as const;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(names, { minLength: 1 }),
        fc.array(fc.subarray(names), { minLength: 3, maxLength: 3 }),
        async (path, hooked) => {
          const params = levels.map((level, index) => Object.fromEntries(hooked[index].map((name) => [name, recording(`${level}.${name}`)])));
          @Controller('', { params: params[2] })
          class Route {
            @Get(path.map((name) => `/:${name}`).join('')) route(@Ctx() ctx: Context) {
              return ctx.state.calls ?? [];
            }
          }
          const built = createApp({ routes: [include('', [Route], { params: params[1] })], params: params[0] });
          const { body } = await request(built.callback()).get(path.map((name) => `/${name}1`).join('')).expect(200);
          const expected = path.flatMap((name) => levels.filter((_, index) => hooked[index].includes(name)).map((level) => `${level}.${name}:${name}1`));
          expect(body).to.deep.equal(expected);
          if (expected.length > 1) checked++;
        },
      ),
      { numRuns: 60 },
    );
    expect(checked, `${checked} of 60 cases ran more than one hook`).to.be.at.least(20);
  });
});
