import { Type, type TSchema } from '@sinclair/typebox';
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { Body, change, Controller, createApp, field, Post, QueryParameterVersioning, VersionHistory, type VersionChange } from '../../src';

type Kind = 'string' | 'integer' | 'boolean' | 'digits';
type Op = { op: 'rename' | 'existed' | 'didNotExist' | 'retype'; pick: number; kind: Kind };

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
const schemaOf = (kind: Kind): TSchema => (kind === 'digits' ? Type.String({ pattern: '^[0-9]{1,9}$' }) : kind === 'integer' ? Type.Integer({ minimum: 0, maximum: 999999999 }) : kind === 'boolean' ? Type.Boolean() : Type.String());
const defaultOf = (kind: Kind): unknown => (kind === 'digits' ? '0' : kind === 'integer' ? 0 : kind === 'boolean' ? false : '');

/**
 * A random history over a random head schema: each version's one change renames a field, adds one
 * (didNotExist), removes one (existed) or changes an integer into a string of digits, with the
 * converters each needs. Returns the head schema, the history, and how many versions it has.
 */
function historyOf(head: Kind[], ops: Op[]) {
  const state = new Map<string, Kind>(head.map((kind, i) => [NAMES[i], kind]));
  const properties: Record<string, TSchema> = {};
  for (const [name, kind] of state) properties[name] = schemaOf(kind);
  const S = Type.Object(properties);
  const fresh = () => NAMES.find((name) => !state.has(name) && !used.has(name)) as string;
  const used = new Set(state.keys());
  const changes: VersionChange[] = ops.map(({ op, pick, kind }, index) => {
    const names = [...state.keys()];
    const f = names[pick % names.length];
    const description = `change ${index}`;
    if (op === 'rename' || (op === 'retype' && state.get(f) !== 'integer') || (op === 'didNotExist' && names.length === 1)) {
      const to = fresh();
      used.add(to);
      state.set(to, state.get(f) as Kind);
      state.delete(f);
      return change({ description, instructions: [field(S, f).had({ name: to })] });
    }
    if (op === 'existed') {
      const g = fresh();
      used.add(g);
      state.set(g, kind);
      return change({
        description,
        instructions: [field(S, g).existed({ schema: schemaOf(kind), required: true })],
        requests: [{ schema: S, convert: ({ [g]: _dropped, ...rest }) => rest }],
        responses: [{ schema: S, convert: (value) => ({ ...value, [g]: defaultOf(kind) }) }],
      });
    }
    const was = state.get(f) as Kind;
    if (op === 'didNotExist') {
      state.delete(f);
      return change({ description, instructions: [field(S, f).didNotExist], requests: [{ schema: S, convert: (value) => ({ ...value, [f]: defaultOf(was) }) }] });
    }
    state.set(f, 'digits');
    return change({
      description,
      instructions: [field(S, f).had({ schema: schemaOf('digits') })],
      requests: [{ schema: S, convert: (value) => ({ ...value, [f]: Number(value[f]) }) }],
      responses: [{ schema: S, convert: (value) => ({ ...value, [f]: String(value[f]) }) }],
    });
  });
  const versions = ops.map((_, i) => ({ version: `v${ops.length + 1 - i}`, changes: [changes[i]] }));
  return { S, history: new VersionHistory([...versions, { version: 'v1' }]) };
}

/** A value valid against `schema` (the derived document's), drawn from `random`. */
function valueOf(schema: any, random: () => number): unknown {
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties as Record<string, unknown>).map(([key, child]) => [key, valueOf(child, random)]));
  if (schema.type === 'integer') return Math.floor(random() * 1e9);
  if (schema.type === 'boolean') return random() < 0.5;
  if (schema.pattern) return String(Math.floor(random() * 1e9));
  return random().toString(36).slice(2);
}

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
