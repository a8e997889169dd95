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

  describe('patternProperties keys run on the linear engine', () => {
    const schema: JSONSchema = { type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false };

    it('a returned key crafted against ^(a+)+$ is dropped at once', async () => {
      const response = await request(answering(schema, { [ATTACK]: 'x', aaa: 'kept' }).callback()).get('/r').expect(200);
      expect(response.body).to.deep.equal({ aaa: 'kept' });
    });

    it('a patternProperties key RE2 cannot run (a backreference) is ImproperlyConfigured at build, naming the route and the pattern', () => {
      const refused = { type: 'object', patternProperties: { '^(a)\\1$': { type: 'string' } } } as JSONSchema;
      expect(() => answering(refused, {})).to.throw(ImproperlyConfigured, /\^\(a\)\\\\1\$.*route 'r'.*linear time/s);
    });

    it('the same pattern under a $defs entry, nested objects and allOf is still linear', () => {
      const nested: JSONSchema = {
        type: 'object',
        properties: { inner: { $ref: '#/$defs/map' }, both: { allOf: [{ $ref: '#/$defs/map' }, { type: 'object', properties: { z: { type: 'number' } } }] } },
        $defs: { map: { type: 'object', patternProperties: { '^(a+)+$': { type: 'integer' } } } },
      };
      const serialize = compileSerializer(nested, 'the test route');
      const value = { inner: { [ATTACK]: 1, aa: 2 }, both: { [ATTACK]: 3, a: 4, z: 5 } };
      expect(JSON.parse(serialize(value))).to.deep.equal({ inner: { aa: 2 }, both: { z: 5, a: 4 } });
    });

    it('a property literally named patternProperties is a property, not a map of patterns', () => {
      const serialize = compileSerializer({ type: 'object', properties: { patternProperties: { type: 'object', properties: { type: { type: 'string' } } } } }, 'the test route');
      expect(serialize({ patternProperties: { type: 't', other: 1 } })).to.equal('{"patternProperties":{"type":"t"}}');
    });

    it('a declared __proto__ property stays a property of the copy the serializer is compiled from', () => {
      const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"n":{"type":"integer"}},"patternProperties":{"^x":{"type":"integer"}}}') as JSONSchema;
      const serialize = compileSerializer(schema, 'the test route');
      expect(serialize(JSON.parse('{"__proto__":"p","n":1,"x1":2,"y":3}'))).to.equal('{"__proto__":"p","n":1,"x1":2}');
    });
  });

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

describe('reliability: response serialization writes own members only', () => {
  const schema: JSONSchema = {
    type: 'object',
    properties: { name: { type: 'string' }, constructor: { type: 'string' }, toString: { type: 'object', properties: { a: { type: 'string' } } }, valueOf: { type: 'integer' }, ['__proto__']: { type: 'object' } },
  };

  it('a declared constructor, toString, valueOf or __proto__ the value lacks is not written from its prototype', () => {
    expect(compileSerializer(schema, 'the test route')({ name: 'ada' })).to.equal('{"name":"ada"}');
  });

  it('the same members are written when the value has them as its own, as JSON.stringify does', () => {
    const value = JSON.parse('{"name":"ada","constructor":"c","toString":{"a":"t"},"valueOf":1,"__proto__":{}}') as object;
    expect(compileSerializer(schema, 'the test route')(value)).to.equal(JSON.stringify(value));
  });

  it('a required toString the value lacks is the handler\'s fault (a 500), not the prototype\'s function', async () => {
    @Controller('/own')
    class Own {
      @Get('', { name: 'own', responses: { 200: { schema: { type: 'object', properties: { toString: { type: 'string' } }, required: ['toString'] } } } }) own() {
        return {};
      }
    }
    const app = createApp({ routes: [Own] });
    app.silent = true;
    const response = await request(app.callback()).get('/own');
    expect(response.status).to.equal(500);
    expect(response.text).not.to.include('native code');
  });

  it('a getter of the value\'s own class is still written (fast-json-stringify reads it; ORM entities rely on it)', () => {
    class User {
      constructor(readonly first: string) {}
      get greeting() {
        return `hello ${this.first}`;
      }
    }
    const serialize = compileSerializer({ type: 'object', properties: { first: { type: 'string' }, greeting: { type: 'string' }, constructor: { type: 'string' } } }, 'the test route');
    expect(serialize(new User('ada'))).to.equal('{"first":"ada","greeting":"hello ada"}');
  });
});
