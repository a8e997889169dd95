import fc from 'fast-check';

/** Random JSON Schemas (objects, arrays, scalars, nullable, date-times) and values valid against them, for the serializer's and the client's property tests. */
export type Node =
  | { kind: 'leaf'; type: keyof typeof LEAVES }
  | { kind: 'object'; properties: [string, Node, boolean][] }
  | { kind: 'array'; items: Node };

// No integer-like names: JavaScript puts them first in an object whatever the schema's order.
const names = fc.constantFrom('id', 'name', 'a', 'b', 'c', 'é', 'x y', 'q"uote', 'back\\slash', 'line\nbreak', '__proto__x', 'passwordHash', 'ü');
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
/** Leaf schemas and the values valid against them. */
export const LEAVES = {
  string: { schema: { type: 'string' }, value: text },
  integer: { schema: { type: 'integer' }, value: fc.integer({ min: -1e9, max: 1e9 }) },
  number: { schema: { type: 'number' }, value: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)) },
  boolean: { schema: { type: 'boolean' }, value: fc.boolean() },
  nullable: { schema: { type: ['string', 'null'] }, value: fc.option(text, { nil: null }) },
  dateTime: { schema: { type: 'string', format: 'date-time' }, value: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()) },
} satisfies Record<string, { schema: Record<string, unknown>; value: fc.Arbitrary<unknown> }>;
const leaves = (Object.keys(LEAVES) as (keyof typeof LEAVES)[]).map((type) => fc.constant<Node>({ kind: 'leaf', type }));

export const tree = fc.letrec<{ node: Node; object: Node }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, ...leaves, { arbitrary: tie('object'), weight: 3 }, tie('node').map((items): Node => ({ kind: 'array', items }))),
  object: fc
    .uniqueArray(fc.tuple(names, tie('node'), fc.boolean()), { selector: ([name]) => name, minLength: 1, maxLength: 5 })
    .map((properties): Node => ({ kind: 'object', properties })),
})).object;

export function schemaOf(node: Node): Record<string, unknown> {
  if (node.kind === 'leaf') return LEAVES[node.type].schema;
  if (node.kind === 'array') return { type: 'array', items: schemaOf(node.items) };
  const properties: Record<string, unknown> = {};
  for (const [name, child] of node.properties) properties[name] = schemaOf(child);
  const required = node.properties.filter(([, , isRequired]) => isRequired).map(([name]) => name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

export interface Sample {
  /** What the handler returns: declared properties in schema order, sometimes undeclared ones too. */
  value: unknown;
  /** The value with only what the schema declares. */
  declared: unknown;
  undeclared: boolean;
  /** Objects with two declared properties or more, one of them an object or an array. */
  nontrivial: number;
}

/**
 * A value valid against the schema of `node`. Its members are in the order the
 * serializer writes them, required ones first (fast-json-stringify's order;
 * JSON says member order carries no meaning, docs/contracts.md says so too), so
 * that the text can be compared with JSON.stringify's to the letter.
 */
export function sampleOf(node: Node, extras: boolean): fc.Arbitrary<Sample> {
  if (node.kind === 'leaf') return (LEAVES[node.type].value as fc.Arbitrary<unknown>).map((value) => ({ value, declared: value, undeclared: false, nontrivial: 0 }));
  if (node.kind === 'array') {
    return fc.array(sampleOf(node.items, extras), { maxLength: 3 }).map((samples) => ({
      value: samples.map((s) => s.value),
      declared: samples.map((s) => s.declared),
      undeclared: samples.some((s) => s.undeclared),
      nontrivial: samples.reduce((sum, s) => sum + s.nontrivial, 0),
    }));
  }
  const ordered = [...node.properties.filter(([, , r]) => r), ...node.properties.filter(([, , r]) => !r)];
  const fields = ordered.map(([name, child, isRequired]) =>
    isRequired ? sampleOf(child, extras).map((s) => [name, s] as const) : fc.option(sampleOf(child, extras).map((s) => [name, s] as const), { nil: undefined }),
  );
  const extra = extras ? fc.option(fc.tuple(fc.constantFrom('passwordHash_', 'internal', 'z'), fc.jsonValue()), { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...fields), extra).map(([present, added]) => {
    const value: Record<string, unknown> = {};
    const declared: Record<string, unknown> = {};
    let undeclared = false;
    let nontrivial = 0;
    let nested = false;
    for (const field of present) {
      if (field === undefined) continue;
      const [name, sample] = field;
      value[name] = sample.value;
      declared[name] = sample.declared;
      undeclared ||= sample.undeclared;
      nontrivial += sample.nontrivial;
      nested ||= typeof sample.value === 'object' && sample.value !== null;
    }
    if (added !== undefined && !(added[0] in value)) {
      value[added[0]] = added[1];
      undeclared = true;
    }
    if (Object.keys(declared).length >= 2 && nested) nontrivial++;
    return { value, declared, undeclared, nontrivial };
  });
}

