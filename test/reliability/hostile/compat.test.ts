import { expect } from 'chai';
import { compareDocuments } from '../../../src/compat/compare';
import type { Json } from '../../../src/compat/schema';

/** More reads than a linear walk of these small documents could make: the old walk made ~3^24. */
const BUDGET = 200_000;

/** `schemas` as the components of a one-operation document, every read of a schema counted; past the budget, a read throws. */
function documentWith(schemas: Json, reads: { count: number }): Json {
  const counted = new Proxy(schemas, {
    get(target, key, receiver) {
      if (++reads.count > BUDGET) throw new Error(`more than ${BUDGET} schema reads`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/S' } } };
  return { openapi: '3.1.0', paths: { '/s': { post: { requestBody: { content }, responses: { 200: { description: 'OK', content } } } } }, components: { schemas: counted } };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Each shape explores ~3^24 paths when followed naively: a self-reference thrice in anyOf, allOf or properties, and a chain of 24 schemas each naming the next thrice. */
const SHAPES: [name: string, schemas: () => Json][] = [
  ['anyOf of the same $ref three times', () => ({ S: { anyOf: [ref('S'), ref('S'), ref('S')] } })],
  ['allOf of the same $ref three times', () => ({ S: { allOf: [ref('S'), ref('S'), ref('S')] } })],
  ['three members of the schema itself', () => ({ S: { type: 'object', properties: { a: ref('S'), b: ref('S'), c: ref('S') } } })],
  ['a chain of 25 schemas, each anyOf of the next three times', () => ({ S: ref('C0'), ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`C${i}`, i === 24 ? { type: 'string' } : { anyOf: [ref(`C${i + 1}`), ref(`C${i + 1}`), ref(`C${i + 1}`)] }])) })],
  ['a chain of 25 object schemas, each with three members of the next', () => ({ S: ref('C0'), ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`C${i}`, i === 24 ? { type: 'string' } : { type: 'object', properties: { a: ref(`C${i + 1}`), b: ref(`C${i + 1}`), c: ref(`C${i + 1}`) } }])) })],
];

describe('reliability: hostile snapshots against `openapi --check`', () => {
  for (const [name, schemas] of SHAPES) {
    it(`${name}: bounded work, and the check still finds a change`, () => {
      const reads = { count: 0 };
      const before = documentWith(schemas(), reads);
      expect(compareDocuments(before, documentWith(schemas(), reads)), 'unchanged').to.deep.equal([]);
      const after = documentWith({ ...schemas(), S: { type: 'integer' } }, reads);
      expect(compareDocuments(before, after).map((change) => change.rule)).to.include.members(['request-type-narrowed']);
    });
  }
});
