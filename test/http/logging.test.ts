import { expect } from 'chai';
import type { Context, Next } from 'koa';
import request from 'supertest';
import { Controller, createApp, Get, Param, Post, Unauthorized, Use, type App } from '../../src';

const guard = async (ctx: Context, next: Next) => {
  if (ctx.get('Authorization') !== 'Bearer ok') throw new Unauthorized();
  await next();
};

@Controller('/items')
class Items {
  @Get('/:id', 'item') item(@Param('id') id: number) {
    return { id };
  }
  @Post('/broken', 'broken') broken(): never {
    throw new Error('boom');
  }
  @Get('/private/:id', 'private') @Use(guard) secret(@Param('id') id: number) {
    return { id };
  }
}

/** The logger as Koa's README writes one: it reads ctx.status once the request is over. */
function logger(seen: number[]) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } finally {
      seen.push(ctx.status);
    }
  };
}

const REQUESTS: [string, (app: App) => request.Test][] = [
  ['200', (app) => request(app.callback()).get('/items/1')],
  ['404', (app) => request(app.callback()).get('/nothing')],
  ['405', (app) => request(app.callback()).post('/items/1')],
  ['400', (app) => request(app.callback()).get('/items/one')],
  ['500', (app) => request(app.callback()).post('/items/broken')],
  ['401', (app) => request(app.callback()).get('/items/private/1')],
];

describe('http: a logger in app.use() sees the status that is sent', () => {
  const layouts: Record<string, (app: App, seen: number[]) => void> = {
    'alone': (app, seen) => app.use(logger(seen)),
    'first, before other middleware': (app, seen) => {
      app.use(logger(seen));
      app.use(async (_ctx, next) => next());
    },
    'last, after other middleware': (app, seen) => {
      app.use(async (_ctx, next) => next());
      app.use(logger(seen));
    },
  };
  for (const [layout, install] of Object.entries(layouts)) {
    it(`registered ${layout}: 200, 404, 405, 400, 500 and a guard's 401`, async () => {
      const app = createApp({ routes: [Items] });
      app.silent = true;
      const seen: number[] = [];
      install(app, seen);
      const sent: number[] = [];
      for (const [expected, send] of REQUESTS) {
        const res = await send(app);
        expect(res.status, expected).to.equal(Number(expected));
        if (res.status >= 400) expect(res.headers['content-type']).to.equal('application/problem+json');
        sent.push(res.status);
      }
      expect(seen).to.deep.equal(sent);
    });
  }

  it('sees the status of an error thrown by middleware registered after it', async () => {
    const app = createApp({ routes: [Items] });
    const seen: number[] = [];
    app.use(logger(seen));
    app.use(async () => {
      throw new Unauthorized();
    });
    await request(app.callback()).get('/items/1').expect(401);
    expect(seen).to.deep.equal([401]);
  });

  it('still lets middleware catch the error, as in Koa; a body it sets answers 200', async () => {
    const app = createApp({ routes: [Items] });
    const caught: unknown[] = [];
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        caught.push((error as { status?: number }).status);
        if (ctx.path === '/nothing') ctx.body = 'fallback';
        else throw error;
      }
    });
    const fallback = await request(app.callback()).get('/nothing');
    expect([fallback.status, fallback.text]).to.deep.equal([200, 'fallback']);
    await request(app.callback()).get('/items/private/1').expect(401).expect('Content-Type', 'application/problem+json');
    expect(caught).to.deep.equal([404, 401]);
  });

  it('a middleware that swallows an error and answers nothing sends that error’s problem document', async () => {
    const app = createApp({ routes: [Items] });
    app.use(async (_ctx, next) => {
      await next().catch(() => undefined);
    });
    const res = await request(app.callback()).get('/items/private/1');
    expect(res.status).to.equal(401);
    expect(res.headers['content-type']).to.equal('application/problem+json');
    expect(res.body.status).to.equal(401);
  });
});
