import { expect } from 'chai';
import fc from 'fast-check';
import type { Context } from 'koa';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, Queries } from '../../src';
import { lastQueryValue, parseQuery } from '../../src/http/query';

// Koa's own query parser (not exported by its typings), as the reference.
const koaSearchParams = require('koa/lib/search-params') as { parse(text: string): Record<string, unknown> };

describe('http/query: lastQueryValue agrees with URLSearchParams (repeated keys give the last value, as Django QueryDict.get)', () => {
  const queries = ['', 'version', 'version=', 'version=1&version=2', 'a=1&version=a+b&b', 'ver%73ion=x', 'version=%E0%A4%A', 'version=%zz&x=1', 'v=1&&version=%C3%A9', '=x&version==y', 'version+=1', 'version%2B=2'];
  for (const query of queries) {
    it(JSON.stringify(query), () => {
      const all = new URLSearchParams(query).getAll('version');
      expect(lastQueryValue(query, 'version')).to.equal(all.length ? all[all.length - 1] : undefined);
    });
  }
});

describe('http/query: parseQuery and the request query', () => {
  @Controller('/q')
  class Q {
    @Get('', 'q') q(@Queries() all: Record<string, unknown>, @Ctx() ctx: Context) {
      return { all, same: ctx.query === ctx.query };
    }
  }

  it("agrees with Koa's own parser on random query strings (same keys, order, arrays)", () => {
    const unit = fc.constantFrom(...'ab=&+%2F_~*'.split(''), '%E2%98%83', '%zz', '__proto__', 'constructor');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }).map((parts) => parts.join('')), (text) => {
        const ours = parseQuery(text);
        const koa = koaSearchParams.parse(text) as Record<string, unknown>;
        expect(Object.keys(ours)).to.deep.equal(Object.keys(koa));
        for (const key of Object.keys(koa)) expect(ours[key], key).to.deep.equal(koa[key]);
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it('regression: @Queries() with 16,000 repeated keys called getAll once per occurrence (quadratic, ~5 s); one pass now, once per request', async () => {
    const getAll = URLSearchParams.prototype.getAll;
    let calls = 0;
    URLSearchParams.prototype.getAll = function (this: URLSearchParams, name: string) {
      calls++;
      return getAll.call(this, name);
    };
    try {
      const app = createApp({ routes: [Q] });
      const query = Array.from({ length: 16_000 }, (_, i) => `k=${i % 7}`).join('&');
      const ctx = app.createContext(...fakeRequest(`/q?${query}&x=1`));
      const parsed = ctx.query as Record<string, unknown>;
      expect((parsed.k as string[]).length).to.equal(16_000);
      expect(parsed.x).to.equal('1');
      expect(ctx.query).to.equal(parsed);
      const res = await request(app.callback()).get('/q?a=1&a=2&b=3&__proto__=x').expect(200);
      expect(res.body).to.deep.equal(JSON.parse('{"all":{"a":["1","2"],"b":"3","__proto__":"x"},"same":true}'));
    } finally {
      URLSearchParams.prototype.getAll = getAll;
    }
    expect(calls).to.equal(0);
  });
});

/** A request/response pair for app.createContext, without a socket. */
function fakeRequest(url: string): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  req.method = 'GET';
  req.headers = { host: 'example.com' };
  return [req, new ServerResponse(req)];
}
