import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, ImproperlyConfigured } from '../../../src';
import type { JSONSchema } from '../../../src/model/schema';
import { compileSerializer } from '../../../src/schema/serializer';

/** Long enough to block V8's backtracking engine for seconds on `^(a+)+$` (2^28 steps), short enough that the old code's failure ends. */
const ATTACK = `${'a'.repeat(28)}!`;

/** An app whose one route answers `value` under `schema` (docs/security.md, response serialization). */
function answering(schema: JSONSchema, value: unknown) {
  @Controller('/r')
  class R {
    @Get('', { name: 'r', responses: { 200: { schema } } }) r() {
      return value;
    }
  }
  const app = createApp({ routes: [R] });
  app.silent = true; // the 500s below are the handler's own fault, logged by Koa otherwise
  return app;
}

describe('reliability: hostile values through response serialization', function () {
  // A backtracking engine blocks the event loop; mocha then reports the overrun as a failure.
  this.timeout(3_000);

  describe('patterns that choose an anyOf, oneOf or if branch run on the linear engine', () => {
    const branches: [keyword: string, schema: JSONSchema, attack: unknown, matching: unknown][] = [
      ['anyOf', { anyOf: [{ type: 'string', pattern: '^(a+)+$' }, { type: 'number' }] }, ATTACK, 'aaa'],
      ['oneOf', { type: 'object', properties: { v: { oneOf: [{ type: 'string', pattern: '^(a+)+$' }, { type: 'integer' }] } } }, { v: ATTACK }, { v: 'aaa' }],
      ['if', { type: 'object', properties: { v: { type: 'string' } }, if: { properties: { v: { pattern: '^(a+)+$' } } }, then: { properties: { w: { type: 'string' } } } }, { v: ATTACK, w: 'w' }, { v: 'aaa', w: 'w' }],
    ];
    for (const [keyword, schema, attack, matching] of branches) {
      it(`${keyword}: a crafted value is answered at once, a matching one takes the branch`, async () => {
        const response = await request(answering(schema, attack).callback()).get('/r');
        // anyOf/oneOf: no branch matches the value (a 500, the handler's own fault); if: the then-branch is not taken.
        if (keyword === 'if') expect(response.body).to.deep.equal({ v: ATTACK });
        else expect(response.status).to.equal(500);
        expect(compileSerializer(schema, 'the test route')(matching)).to.equal(JSON.stringify(matching));
      });
    }

    it('a branch pattern RE2 cannot run (lookahead) is ImproperlyConfigured at build, not on the first response', () => {
      const refused: JSONSchema = { anyOf: [{ type: 'string', pattern: '^(?=a)a$' }, { type: 'number' }] };
      expect(() => answering(refused, 1)).to.throw(ImproperlyConfigured, /linear time/);
    });
  });
});
