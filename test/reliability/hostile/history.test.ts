import { expect } from 'chai';
import request from 'supertest';
import { Body, change, Controller, createApp, field, FormParser, Get, JSONParser, Post, QueryParameterVersioning, VersionHistory } from '../../../src';

/**
 * Hostile `__proto__` members through the version history (docs/security.md,
 * version history): an older version's copy writes exactly what the head
 * writes, and a converted body keeps an ordinary prototype.
 */
const Account = { type: 'object', properties: { name: { type: 'string' }, role: { type: 'string' } } } as const;
const Page = { type: 'object', properties: { account: Account, total: { type: 'integer' } } } as const;
const Order = { type: 'object', properties: { item: { type: 'string' } }, additionalProperties: { type: 'array', items: { type: 'string' } } } as const;

/** A stored record parsed from JSON and spread: its own `__proto__` member is data, not a prototype. */
const stored = () => ({ ...(JSON.parse('{"name":"ada","__proto__":{"role":"admin"}}') as object) });

@Controller('/h', { parsers: [JSONParser(), FormParser()] })
class Hostile {
  @Get('/account', { name: 'account', responses: { 200: { schema: Page } } }) account() {
    return { account: stored(), total: 1 };
  }
  @Post('/orders', 'order') order(@Body({ schema: Order }) body: object) {
    const prototype: unknown = Object.getPrototypeOf(body);
    return { prototype: prototype === null ? 'null' : prototype === Object.prototype ? 'Object.prototype' : Array.isArray(prototype) ? 'an array' : 'other', keys: Object.keys(body) };
  }
}

describe('reliability: hostile __proto__ members through the version history', () => {
  const history = new VersionHistory([
    {
      version: 'v2',
      changes: [change({ description: '`total` was `count`; `item` was `product`.', instructions: [field(Page, 'total').had({ name: 'count' }), field(Order, 'item').had({ name: 'product' })] })],
    },
    { version: 'v1' },
  ]);
  const app = createApp({ routes: [Hostile], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history });

  it("a response with an own __proto__ member: v1's copy writes what the head writes, never the attacker's role", async () => {
    const head = await request(app.callback()).get('/h/account?version=v2').expect(200);
    expect(head.body).to.deep.equal({ account: { name: 'ada' }, total: 1 });
    const old = await request(app.callback()).get('/h/account?version=v1').expect(200);
    expect(old.body).to.deep.equal({ account: { name: 'ada' }, count: 1 });
  });

  it('an older-version form post with __proto__ repeated reaches the handler with an ordinary prototype', async () => {
    for (const version of ['v1', 'v2']) {
      const answer = await request(app.callback()).post(`/h/orders?version=${version}`).type('form').send(`${version === 'v1' ? 'product' : 'item'}=tea&__proto__=a&__proto__=b`);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.prototype, version).to.be.oneOf(['null', 'Object.prototype']);
      expect(answer.body.keys, version).to.have.members(['item', '__proto__']);
    }
  });
});
