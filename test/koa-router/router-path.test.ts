import { expect } from 'chai';
import Koa from 'koa';
import type { Context, Middleware } from 'koa';
import Router from '@koa/router';
import request from 'supertest';
import { Controller, createApp, Ctx, Get } from '../../src';

/** What a middleware around the router, and the handler, read of the context @koa/router sets. */
interface Seen {
  status: number;
  handler: unknown;
  after: unknown;
}

const readRouting = (ctx: Context) => {
  const c = ctx as Context & Record<string, unknown>;
  return { routerPath: c.routerPath, routerName: c.routerName, matchedRoute: c._matchedRoute, matchedRouteName: c._matchedRouteName, routeMatched: c.routeMatched };
};

/** Wraps routing: reads what the router left on the context once it is done (try/finally: waymark throws its 404). */
const observe = (seen: { after?: unknown }): Middleware => async (ctx, next) => {
  try {
    await next();
  } finally {
    seen.after = readRouting(ctx);
  }
};

@Controller('/users')
class Users {
  @Get('/:id', 'detail') detail(@Ctx() ctx: Context) {
    return { id: ctx.params.id, ...readRouting(ctx) };
  }
}

@Controller('/plain')
class Plain {
  @Get('/') plain(@Ctx() ctx: Context) {
    return { ...readRouting(ctx) };
  }
}

type Rewrite = (ctx: Context) => void;

async function viaKoaRouter(rewrite: Rewrite, path: string): Promise<Seen> {
  const seen: { after?: unknown } = {};
  const router = new Router();
  router.get('detail', '/users/:id', (ctx) => {
    ctx.body = { id: ctx.params.id, ...readRouting(ctx) };
  });
  router.get('/plain', (ctx) => {
    ctx.body = { ...readRouting(ctx) };
  });
  const koa = new Koa();
  koa.use(observe(seen));
  koa.use((ctx, next) => (rewrite(ctx), next()));
  koa.use(router.routes());
  const res = await request(koa.callback()).get(path);
  return { status: res.status, handler: res.status === 200 ? res.body : null, after: seen.after };
}

async function viaWaymark(rewrite: Rewrite, path: string): Promise<Seen> {
  const seen: { after?: unknown } = {};
  const app = createApp({ routes: [Users, Plain] });
  app.use(observe(seen));
  app.use((ctx, next) => (rewrite(ctx), next()));
  const res = await request(app.callback()).get(path);
  return { status: res.status, handler: res.status === 200 ? res.body : null, after: seen.after };
}

const PATHS = ['/users/7', '/mounted/users/8', '/mounted/nothing', '/plain', '/nothing'];

/** A mount that strips `/mounted`, writing the routed path where the middleware chooses. */
const strip = (write: (ctx: Context & Record<string, unknown>, path: string) => void): Rewrite => (ctx) => {
  if (ctx.path.startsWith('/mounted/')) write(ctx as Context & Record<string, unknown>, ctx.path.slice('/mounted'.length));
};

describe('koa-router/router-path: the routed path and what routing leaves on the context, against @koa/router (docs/coming-from-koa-router.md#the-context)', () => {
  it('ctx.newRouterPath set before routing is the path routed on, and the context after matching reads as @koa/router leaves it', async () => {
    const rewrite = strip((ctx, path) => (ctx.newRouterPath = path));
    for (const path of PATHS) {
      const [theirs, ours] = [await viaKoaRouter(rewrite, path), await viaWaymark(rewrite, path)];
      expect(ours.status, path).to.equal(theirs.status);
      expect(ours.handler, path).to.deep.equal(theirs.handler);
      if (theirs.status === 200) expect(ours.after, path).to.deep.equal(theirs.after);
      // After a 404, @koa/router's routeMatched is false (its other fields unset); waymark's too.
      else expect(ours.after, path).to.deep.include({ routeMatched: false, matchedRoute: undefined });
      expect((theirs.after as { routeMatched: boolean }).routeMatched, path).to.equal(theirs.status === 200);
    }
  });

  it('a request no middleware rewrites reads the same, in the handler and after it', async () => {
    const none: Rewrite = () => undefined;
    for (const path of ['/users/7', '/plain']) {
      const [theirs, ours] = [await viaKoaRouter(none, path), await viaWaymark(none, path)];
      expect(ours).to.deep.equal(theirs);
      expect(ours.after).to.include({ routeMatched: true });
    }
    expect((await viaWaymark(none, '/users/7')).after).to.deep.equal({
      routerPath: '/users/:id',
      routerName: 'detail',
      matchedRoute: '/users/:id',
      matchedRouteName: 'detail',
      routeMatched: true,
    });
  });

  it('ctx.routerPath set before routing is routed on too, where @koa/router 15 reads ctx.path first (the documented difference)', async () => {
    const rewrite = strip((ctx, path) => (ctx.routerPath = path));
    expect((await viaKoaRouter(rewrite, '/mounted/users/8')).status).to.equal(404);
    const ours = await viaWaymark(rewrite, '/mounted/users/8');
    expect(ours.status).to.equal(200);
    // Once matched, ctx.routerPath is the route's pattern, as @koa/router sets it.
    expect(ours.handler).to.deep.include({ id: '8', routerPath: '/users/:id', matchedRoute: '/users/:id' });
    expect((await viaWaymark(rewrite, '/users/9')).status).to.equal(200);
  });
});
