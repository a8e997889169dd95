import { expect } from 'chai';
import fc from 'fast-check';
import Koa from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { Controller, createApp, Get, Param } from '../../src';
import { requestPath } from '../../src/http/path';
import { newParams } from '../../src/util/params';

/** A Koa context for a request target, as Koa makes it for a request. */
function contextFor(url: string): Koa.Context {
  return new Koa().createContext({ url, headers: {}, socket: {} } as unknown as IncomingMessage, {} as unknown as ServerResponse);
}

/** What a call gives: its value, or the error it throws (Node's url.parse refuses some targets; Koa's ctx.path then throws). */
function outcome(read: () => string): { path: string } | { error: string } {
  try {
    return { path: read() };
  } catch (error) {
    return { error: String(error) };
  }
}

describe('http/path: requestPath is Koa\'s ctx.path for any request target', () => {
  // Paths, queries, and the characters that send parseurl to url.parse; absolute and other forms too.
  const target = fc.oneof(
    fc.stringMatching(/^\/[a-z0-9/?=&%.:;@~+\-]{0,24}$/),
    fc.string({ unit: fc.constantFrom('/', 'a', '?', '#', ' ', '\t', '\n', '\f', '\r', '\u00a0', '\ufeff', '%', '.', ':', 'é', '\\'), maxLength: 16 }),
    fc.constantFrom('http://example.com/a?b', '*', 'example.com:443', '', '//x/y'),
  );

  it('equals ctx.path on generated targets, and reads most ordinary paths without the URL object Koa keeps', () => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(target, (url) => {
        runs++;
        const ctx = contextFor(url);
        const ours = outcome(() => requestPath(ctx));
        if ((ctx.req as { _parsedUrl?: unknown })._parsedUrl === undefined) fast++;
        expect(ours, JSON.stringify(url)).to.deep.equal(outcome(() => contextFor(url).path));
      }),
      { numRuns: 2000 },
    );
    // The fast path must be taken: a requestPath that always asked Koa would pass the equality alone.
    expect(fast).to.be.greaterThan(runs / 4);
  });

  it('follows a middleware that sets ctx.path before routing', async () => {
    @Controller('/users')
    class Users {
      @Get('/:id', 'users-detail') detail(@Param('id') id: string) {
        return { id };
      }
    }
    const app = createApp({ routes: [Users] });
    app.use(async (ctx, next) => {
      if (ctx.path.startsWith('/people/')) ctx.path = ctx.path.replace('/people/', '/users/');
      await next();
    });
    expect((await request(app.callback()).get('/people/7?x=1').expect(200)).body).to.deep.equal({ id: '7' });
    expect((await request(app.callback()).get('/users/8?x=1').expect(200)).body).to.deep.equal({ id: '8' });
  });
});

describe('util/params: route parameters have no inherited keys', () => {
  it('holds what is set, and nothing of Object.prototype', () => {
    const params = newParams();
    params.id = '7';
    expect(Object.keys(params)).to.deep.equal(['id']);
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) expect(key in params, key).to.equal(false);
    params['toString'] = 'x';
    expect(params.toString).to.equal('x');
    expect(JSON.stringify(params)).to.equal('{"id":"7","toString":"x"}');
  });
});
