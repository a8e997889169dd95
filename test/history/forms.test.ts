import { expect } from 'chai';
import request from 'supertest';
import { Body, change, Controller, createApp, field, FormParser, JSONParser, Post, QueryParameterVersioning, VersionHistory } from '../../src';

const NewOrder = { type: 'object', required: ['item', 'count'], properties: { item: { type: 'string' }, count: { type: 'integer', minimum: 1 } } } as const;

@Controller('/orders', { namespace: 'orders', parsers: [JSONParser(), FormParser()] })
class Orders {
  @Post('/', 'create')
  create(@Body({ required: true, schema: NewOrder }) body: { item: string; count: number }) {
    return body;
  }
}

describe('version history: form bodies', () => {
  const history = new VersionHistory([
    { version: 'v2', changes: [change({ description: '`product` is now `item`.', instructions: [field(NewOrder, 'item').had({ name: 'product' })] })] },
    { version: 'v1' },
  ]);
  const app = createApp({ routes: [Orders], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history });

  it("checks an older version's form against that version's schema with form values coerced, as the head's binder does", async () => {
    const old = await request(app.callback()).post('/orders?version=v1').type('form').send('product=tea&count=3');
    expect([old.status, old.body]).to.deep.equal([200, { item: 'tea', count: 3 }]);
    const json = await request(app.callback()).post('/orders?version=v1').send({ product: 'tea', count: '3' });
    expect(json.status).to.equal(400);
  });
});
