import Ajv2020 from 'ajv/dist/2020.js';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { Body, Controller, createApp, Post, QueryParameterVersioning } from '../../src';
import { historyOf, valueOf, type Kind, type Op } from './random-history';

describe('version history: round trip (property)', () => {
  it('the handler sees the newest shape, and each client gets a body valid against its own version', async () => {
    const ajv = new Ajv2020({ strict: false });
    let converted = 0;
    const kinds = fc.constantFrom<Kind>('string', 'integer', 'boolean');
    const op = fc.record({ op: fc.constantFrom<Op['op']>('rename', 'existed', 'didNotExist', 'retype'), pick: fc.nat(10), kind: kinds });
    await fc.assert(
      fc.asyncProperty(fc.array(kinds, { minLength: 1, maxLength: 5 }), fc.array(op, { minLength: 2, maxLength: 4 }), fc.nat(), fc.integer({ min: 1, max: 1 << 30 }), async (head, ops, pick, seed) => {
        const { S, history } = historyOf(head, ops);
        const seen: unknown[] = [];
        @Controller('/echo')
        class Echo {
          @Post('/', { name: 'echo', responses: { 200: { schema: S } } }) echo(@Body({ schema: S }) body: unknown) {
            seen.push(body);
            return body;
          }
        }
        const app = createApp({ routes: [Echo], versioning: new QueryParameterVersioning({ defaultVersion: history.versions[0] }), history });
        const index = pick % history.versions.length;
        const version = history.versions[index];
        const operation = (app.openapi({ version }).paths['/echo'] as any).post;
        let state = seed;
        const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
        const sent = valueOf(operation.requestBody.content['application/json'].schema, random);
        const response = await request(app.callback()).post(`/echo?version=${version}`).send(sent as object);
        expect(response.status, JSON.stringify({ version, sent, body: response.body })).to.equal(200);
        expect(ajv.validate({ ...S, additionalProperties: false }, seen[0]), `the handler saw ${JSON.stringify(seen[0])}`).to.equal(true);
        expect(ajv.validate(operation.responses['200'].content['application/json'].schema, response.body), `${version} got ${JSON.stringify(response.body)}`).to.equal(true);
        if (index >= 2) converted++;
      }),
      { numRuns: 80 },
    );
    // Requests two or more versions back pass through at least two conversions each way; an implementation that refuses them fails here.
    expect(converted).to.be.greaterThan(20);
  });
});
