import { expect } from 'chai';
import fc from 'fast-check';
import type { Context } from 'koa';
import request from 'supertest';
import { Body, Controller, createApp, Ctx, Get, Header, Param, Post, Query, Use } from '../../src';

/** What the guard read and what the handler received, per request. */
function accounts(seen: { guard?: string; handler?: unknown }[]) {
  @Controller('/accounts')
  class Accounts {
    @Use(async (ctx, next) => {
      seen.push({ guard: ctx.params.id });
      await next();
    })
    @Get('/:id', 'account')
    account(@Param('id') id: number, @Ctx() _ctx: Context) {
      seen[seen.length - 1].handler = id;
      return { id };
    }

    @Get('', 'search')
    search(@Query('owner', { schema: { type: 'integer' } }) owner: number, @Query('ids', { type: Array, schema: { type: 'array', items: { type: 'integer' } } }) ids: number[], @Header('X-Tenant', { type: Number }) tenant: number) {
      return { owner, ids, tenant };
    }
  }
  const app = createApp({ routes: [Accounts] });
  app.silent = true;
  return app;
}

/** The INEXACT_NUMBER detail (problem documents carry the detail, not the catalogue code). */
const INEXACT = /the number cannot be represented exactly/;

describe('validation: numbers that would silently change are a 400 (exact_integers)', () => {
  it('a path id beyond 2^53 − 1 is a 400 INEXACT_NUMBER: the guard and the handler can never name different accounts', async () => {
    const seen: { guard?: string; handler?: unknown }[] = [];
    const app = accounts(seen);
    const response = await request(app.callback()).get('/accounts/9007199254740993').expect(400);
    expect(response.body.detail).to.equal('Invalid path parameter "id": the number cannot be represented exactly (integers are exact up to 9007199254740991).');
    expect(seen).to.deep.equal([{ guard: '9007199254740993' }]);
    await request(app.callback()).get('/accounts/9007199254740991').expect(200, { id: 9007199254740991 });
  });

  it('1e23-style and overflowing values are refused for Number and integer parameters, in path, query, header and lists', async () => {
    const app = accounts([]);
    for (const path of ['/accounts/1e23', '/accounts/99999999999999999999999', '/accounts/1e400', '/accounts/1e-400']) {
      const response = await request(app.callback()).get(path).expect(400);
      expect(response.body.detail, path).to.match(INEXACT);
    }
    const cases: [string, Record<string, string>][] = [
      ['/accounts?owner=9007199254740993&ids=1&ids=2', { 'X-Tenant': '1' }],
      ['/accounts?owner=1&ids=1&ids=1e23', { 'X-Tenant': '1' }],
      ['/accounts?owner=1&ids=1', { 'X-Tenant': '18446744073709551616' }],
    ];
    for (const [path, headers] of cases) {
      const response = await request(app.callback()).get(path).set(headers).expect(400);
      expect(response.body.detail, path).to.match(INEXACT);
    }
    await request(app.callback()).get('/accounts?owner=-9007199254740991&ids=0&ids=15e1').set('X-Tenant', '2.5e3').expect(200, { owner: -9007199254740991, ids: [0, 150], tenant: 2500 });
  });

  it('an integer schema value in a JSON body beyond 2^53 − 1 (already rounded by JSON.parse) is a 400; the schema object is not changed', async () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: ['integer', 'null'] } }, price: { type: 'number' } } };
    const before = JSON.stringify(schema);
    @Controller('/transfers')
    class Transfers {
      @Post('', 'transfer') transfer(@Body({ schema }) body: object) {
        return body;
      }
    }
    const app = createApp({ routes: [Transfers] });
    const post = (text: string) => request(app.callback()).post('/transfers').set('Content-Type', 'application/json').send(text);
    const refused = await post('{"id": 9007199254740993}').expect(400);
    expect(refused.body.errors).to.deep.equal([{ detail: 'must be an integer from -9007199254740991 to 9007199254740991 (a larger one cannot be exact)', pointer: '#/id' }]);
    await post('{"ids": [1, null, -1e300]}').expect(400);
    await post('{"id": 9007199254740991, "ids": [null, 2], "price": 1e23}').expect(200, { id: 9007199254740991, ids: [null, 2], price: 1e23 });
    expect(JSON.stringify(schema)).to.equal(before);
  });

  it('the detail is translated', async () => {
    const app = accounts([]);
    const response = await request(app.callback()).get('/accounts/9007199254740993').set('Accept-Language', 'fr');
    expect(response.body.detail).to.match(/^Paramètre de chemin « id » invalide/);
  });

  it('property: every safe integer reaches the handler exactly; every integer beyond is a 400 (floor of each)', async () => {
    const app = accounts([]);
    let exact = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.maxSafeInteger(), fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map((n) => (n % 2n ? -n : n))), async (n) => {
        const response = await request(app.callback()).get(`/accounts/${n}`);
        if (typeof n === 'number') {
          expect(response.body).to.deep.equal({ id: n });
          exact++;
        } else {
          expect(response.status).to.equal(400);
          expect(response.body.detail).to.match(INEXACT);
          refused++;
        }
      }),
      { numRuns: 80 },
    );
    expect(exact).to.be.at.least(20);
    expect(refused).to.be.at.least(20);
  });
});
