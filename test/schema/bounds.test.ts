import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { Body, Controller, createApp, ImproperlyConfigured, Post, type JSONSchema } from '../../src';
import { checkBounded, MAX_UNIQUE_ITEMS } from '../../src/schema/bounds';

function appWith(schema: JSONSchema) {
  @Controller('/b')
  class B {
    @Post('', 'b') b(@Body({ schema }) body: unknown) {
      return { ok: Array.isArray(body) ? body.length : true };
    }
  }
  return createApp({ routes: [B] });
}

describe('validation/bounds: keywords whose cost is quadratic are bounded at build (quadratic_validation)', () => {
  it('uniqueItems over objects without maxItems is ImproperlyConfigured, naming the route, the place and the fix', () => {
    expect(() => appWith({ type: 'array', uniqueItems: true, items: { type: 'object' } })).to.throw(ImproperlyConfigured, /B\.b parameter 1 \(@Body\(\)\) has uniqueItems at # without a maxItems of at most 1000.*Add maxItems/);
    expect(() => appWith({ type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } })).to.throw(ImproperlyConfigured, /uniqueItems at #\/properties\/tags/);
    expect(() => appWith({ type: 'array', uniqueItems: true, maxItems: MAX_UNIQUE_ITEMS + 1 })).to.throw(ImproperlyConfigured);
    expect(() => appWith({ anyOf: [{ type: 'array', uniqueItems: true, items: { type: ['object', 'string'] } }] })).to.throw(ImproperlyConfigured, /#\/anyOf\/0/);
  });

  it('allows uniqueItems with maxItems at most the bound, or over scalar items (ajv hashes them), and data that only looks like it', async () => {
    for (const schema of [
      { type: 'array', uniqueItems: true, maxItems: MAX_UNIQUE_ITEMS, items: { type: 'object' } },
      { type: 'array', uniqueItems: true, items: { type: 'integer' } },
      { type: 'array', uniqueItems: true, items: { type: ['string', 'null'] } },
      { const: { uniqueItems: true } },
      { type: 'array', uniqueItems: false },
    ] as JSONSchema[]) {
      expect(() => appWith(schema), JSON.stringify(schema)).to.not.throw();
    }
    const app = appWith({ type: 'array', uniqueItems: true, maxItems: MAX_UNIQUE_ITEMS, items: { type: 'object' } });
    const many = Array.from({ length: MAX_UNIQUE_ITEMS + 1 }, (_, i) => ({ i }));
    await request(app.callback()).post('/b').send(many).expect(400);
    await request(app.callback()).post('/b').send(many.slice(1)).expect(200, { ok: MAX_UNIQUE_ITEMS });
  });

  it('property: a bounded uniqueItems anywhere in a generated schema builds, an unbounded one is refused (floor of each)', () => {
    let built = 0;
    let refused = 0;
    const leaf = fc.record({ type: fc.constantFrom('object', 'array', 'string', 'integer'), maxItems: fc.option(fc.integer({ min: 0, max: 2 * MAX_UNIQUE_ITEMS }), { nil: undefined }) });
    const wrap = fc.constantFrom(
      (s: object) => s,
      (s: object) => ({ type: 'object', properties: { a: s } }),
      (s: object) => ({ type: 'array', items: s }),
      (s: object) => ({ allOf: [{}, s] }),
      (s: object) => ({ $defs: { x: s } }),
    );
    fc.assert(
      fc.property(leaf, wrap, ({ type, maxItems }, place) => {
        const array: Record<string, unknown> = { type: 'array', uniqueItems: true, items: { type } };
        if (maxItems !== undefined) array.maxItems = maxItems;
        const bounded = type === 'string' || type === 'integer' || (maxItems !== undefined && maxItems <= MAX_UNIQUE_ITEMS);
        if (bounded) {
          checkBounded(place(array) as JSONSchema, 'generated');
          built++;
        } else {
          expect(() => checkBounded(place(array) as JSONSchema, 'generated')).to.throw(ImproperlyConfigured);
          refused++;
        }
      }),
      { numRuns: 300 },
    );
    expect(built).to.be.at.least(50);
    expect(refused).to.be.at.least(50);
  });
});
