import { expect } from 'chai';
import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { compareDocuments } from '../../src/compat/compare';
import type { Json } from '../../src/compat/schema';

// For random pairs of schemas (a released one and a random edit of it), a change the check calls
// compatible never refuses a request body the released version accepted, nor lets a response body
// out that the released version's clients would not accept (docs/compatibility.md). Values are
// what each side really writes: a client sends the members its version declares, and the server
// the members the current version declares (the serializer drops the rest). Objects stay open: a
// property removed from a closed object is the one gap the page lists.

const NAMES = ['a', 'b', 'c'];
const PATTERNS = ['^[a-z]+$', '^a', 'b$'];
const FORMATS = ['email', 'date'];

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.record({ type: fc.constant('string'), minLength: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), maxLength: fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }), pattern: fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }), format: fc.option(fc.constantFrom(...FORMATS), { nil: undefined }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('integer', 'number'), minimum: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }), exclusiveMaximum: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }), multipleOf: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined }) }, { requiredKeys: ['type'] }),
  fc.record({ enum: fc.uniqueArray(fc.constantFrom('x', 'y', 'z', 1, null), { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constant('array'), items: fc.constant({ type: 'integer' }), minItems: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }), maxItems: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), uniqueItems: fc.option(fc.boolean(), { nil: undefined }) }, { requiredKeys: ['type', 'items'] }),
  fc.constant({ type: ['string', 'null'] }),
).map(clean);

const objectSchema: fc.Arbitrary<Json> = fc
  .tuple(fc.subarray(NAMES, { minLength: 1 }), fc.array(scalar, { minLength: 3, maxLength: 3 }), fc.subarray(NAMES))
  .map(([names, schemas, required]) => clean({ type: 'object', properties: Object.fromEntries(names.map((name, i) => [name, schemas[i]])), required: required.filter((name) => names.includes(name)) }));

/** One random edit of a schema: a property added, removed or replaced, or the required list changed. */
function edited(schema: Json): fc.Arbitrary<Json> {
  const properties = schema.properties as Record<string, Json>;
  return fc.oneof(
    fc.tuple(fc.constantFrom(...NAMES), scalar).map(([name, member]) => ({ ...schema, properties: { ...properties, [name]: member } })),
    fc.constantFrom(...NAMES).map((name) => {
      const rest = { ...properties };
      delete rest[name];
      return clean({ ...schema, properties: rest, required: ((schema.required ?? []) as string[]).filter((r) => r !== name) });
    }),
    fc.subarray(Object.keys(properties)).map((required) => ({ ...schema, required })),
    fc.tuple(fc.constantFrom(...Object.keys(properties)), scalar).map(([name, member]) => ({ ...schema, properties: { ...properties, [name]: { ...properties[name], ...member } } })),
  ).map(clean);
}

function clean(schema: Json): Json {
  return Object.fromEntries(Object.entries(schema).filter(([key, value]) => value !== undefined && !(key === 'required' && Array.isArray(value) && value.length === 0)));
}

const member = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'b', 'z', '1', '@', '.', '-'), maxLength: 7 }),
  fc.constantFrom('a@b.c', '2024-01-31', 'x', 'y', 'z'),
  fc.integer({ min: -5, max: 10 }),
  fc.double({ min: -5, max: 10, noNaN: true }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
);
/** Values aimed at a schema: mostly of its types, near its bounds, now and then anything. */
function aimedAt(schema: Json): fc.Arbitrary<unknown> {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const own: fc.Arbitrary<unknown>[] = [member];
  if (Array.isArray(schema.enum)) own.push(fc.constantFrom(...(schema.enum as unknown[])));
  if (types.includes('string')) own.push(fc.string({ unit: fc.constantFrom('a', 'b', 'z'), maxLength: 7 }), fc.constantFrom('a@b.c', '2024-01-31'));
  if (types.includes('integer') || types.includes('number')) own.push(fc.integer({ min: -5, max: 10 }));
  if (types.includes('array')) own.push(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }));
  return fc.oneof(...own);
}

function valuesFor(schema: Json): fc.Arbitrary<Record<string, unknown>[]> {
  const properties = schema.properties as Record<string, Json>;
  const one = fc.record(Object.fromEntries(Object.entries(properties).map(([name, member]) => [name, fc.option(aimedAt(member), { nil: undefined, freq: 6 })])));
  return fc.array(one.map((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined))), { minLength: 20, maxLength: 20 });
}

function documentOf(schema: Json): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'API', version: 'v1' },
    paths: { '/things': { post: { requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { 200: { description: 'OK', content: { 'application/json': { schema } } } } } } },
  };
}

describe('compat/compare: compatible changes keep every released value valid (property)', () => {
  it('never refuses a request the released version accepted, nor sends a response it would not', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(ajv);
    let checked = 0;
    let compatible = 0;
    fc.assert(
      fc.property(
        objectSchema.chain((before) => edited(before).chain((after) => fc.tuple(fc.constant(before), fc.constant(after), valuesFor(before), valuesFor(after)))),
        ([before, after, sent, answered]) => {
          const changes = compareDocuments(documentOf(before), documentOf(after));
          const breaks = (where: string) => changes.some((c) => c.breaking && c.at.includes(where));
          const [old, now] = [ajv.compile(before), ajv.compile(after)];
          if (!breaks(' body')) {
            compatible++;
            for (const v of sent) if (old(v)) (checked++, expect(now(v), `request ${JSON.stringify(v)} from ${JSON.stringify(before)} to ${JSON.stringify(after)}: ${JSON.stringify(changes)}`).to.equal(true));
          }
          if (!breaks(' 200 ')) {
            compatible++;
            for (const v of answered) if (now(v)) (checked++, expect(old(v), `response ${JSON.stringify(v)} from ${JSON.stringify(before)} to ${JSON.stringify(after)}: ${JSON.stringify(changes)}`).to.equal(true));
          }
        },
      ),
      { numRuns: 400, seed: 20261127 },
    );
    // A check that called everything breaking would pass the property vacuously.
    expect(compatible).to.be.at.least(200);
    expect(checked).to.be.at.least(1000);
  });
});
