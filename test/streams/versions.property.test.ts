import { expect } from 'chai';
import fc from 'fast-check';
import { Controller, createApp, Get, QueryParameterVersioning } from '../../src';
import { compileSerializer } from '../../src/schema/serializer';
import { historyOf, valueOf, type Kind, type Op } from '../history/random-history';
import { read, serve } from './helpers';

describe('streams: versions (property, docs/streams.md#versions)', () => {
  it('what a client of each version reads is history.convert of each item to that version, written by its schema', async () => {
    let checked = 0;
    const kinds = fc.constantFrom<Kind>('string', 'integer', 'boolean');
    const op = fc.record({ op: fc.constantFrom<Op['op']>('rename', 'existed', 'didNotExist', 'retype'), pick: fc.nat(10), kind: kinds });
    await fc.assert(
      fc.asyncProperty(fc.array(kinds, { minLength: 1, maxLength: 5 }), fc.array(op, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 1 << 30 }), fc.nat(4), async (head, ops, seed, count) => {
        const { S, history } = historyOf(head, ops);
        let state = seed;
        const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
        const items = Array.from({ length: count + 1 }, () => valueOf(S, random));
        @Controller('/items')
        class Items {
          @Get('', { name: 'items', responses: { 200: { items: S } } })
          async *items() {
            yield* items;
          }
        }
        const app = createApp({ routes: [Items], versioning: new QueryParameterVersioning({ defaultVersion: history.versions[0] }), history });
        const { server, port } = await serve(app);
        try {
          for (const version of history.versions) {
            const schema = (app.openapi({ version, openapi: '3.2' }).paths['/items'] as any).get.responses['200'].content['application/jsonl'].itemSchema;
            const serialize = compileSerializer(schema, 'the test');
            const expected = items.map((item) => `${serialize(history.convert(S, item, { to: version }))}\n`).join('');
            const { text } = await read(port, `/items?version=${version}`, { accept: 'application/jsonl' });
            expect(text, `${version} of ${JSON.stringify(items)}`).to.equal(expected);
            checked++;
          }
        } finally {
          server.close();
        }
      }),
      { numRuns: 40 },
    );
    // 40 histories of 2 to 5 versions: a stream that a version refused, or one cut short, fails before this.
    expect(checked).to.be.greaterThan(80);
  });
});
