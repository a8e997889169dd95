import type { Arbitrary } from 'fast-check';
import type { Fc } from './fast-check';
import type { SchemaValue } from './operations';

type Schema = Record<string, unknown>;

/** Looks a `$ref` up in the document (`#/components/schemas/User`); `undefined` when it is not there. */
export type Resolve = (ref: string) => SchemaValue | undefined;

/** Nesting past this depth (a recursive `$ref`) generates the smallest value the schema allows. */
const MAX_DEPTH = 6;
/** Arrays stay short: a request is about its shape, not its size. */
const MAX_ITEMS = 4;

/**
 * A fast-check arbitrary of values the JSON Schema (2020-12, as OpenAPI 3.1
 * documents hold them) accepts: types, `enum`/`const`, bounds, lengths,
 * `pattern` (through `fc.stringMatching`), common formats, `properties` with
 * `required`, `items`, `anyOf`/`oneOf`/`allOf` and `$ref`. Hand-written:
 * no package turns JSON Schema into fast-check arbitraries (json-schema-faker
 * draws values but cannot shrink them). Values are still filtered through the
 * validator by the caller, so a keyword approximated here never makes an
 * invalid request pass for a valid one.
 */
export function arbitraryOf(fc: Fc, schema: SchemaValue, resolve: Resolve, depth = 0): Arbitrary<unknown> {
  // A recursion no optional member can end (a required member of the schema's own type): give up; the validator refuses the value.
  if (depth > MAX_DEPTH * 4) return fc.constant(null);
  if (schema === true) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target === undefined ? fc.constant(null) : arbitraryOf(fc, target, resolve, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as SchemaValue[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((each) => arbitraryOf(fc, { ...withoutKeys(schema, 'anyOf', 'oneOf'), ...asObject(each) }, resolve, depth + 1)));
  if (Array.isArray(schema.allOf)) return arbitraryOf(fc, (schema.allOf as SchemaValue[]).reduce<Schema>((merged, part) => merge(merged, asObject(part, resolve)), withoutKeys(schema, 'allOf')), resolve, depth + 1);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return types.length === 1 ? typed(fc, types[0], schema, resolve, depth) : fc.oneof(...types.map((type) => typed(fc, type, schema, resolve, depth)));
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties !== undefined || schema.required !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

function typed(fc: Fc, type: string, schema: Schema, resolve: Resolve, depth: number): Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integers(fc, schema);
    case 'number':
      return numbers(fc, schema);
    case 'string':
      return strings(fc, schema);
    case 'array':
      return arrays(fc, schema, resolve, depth);
    default:
      return objects(fc, schema, resolve, depth);
  }
}

function bound(schema: Schema, inclusive: string, exclusive: string, step: number): number | undefined {
  if (typeof schema[exclusive] === 'number') return (schema[exclusive] as number) + step;
  return typeof schema[inclusive] === 'number' ? (schema[inclusive] as number) : undefined;
}

function integers(fc: Fc, schema: Schema): Arbitrary<number> {
  const min = Math.ceil(bound(schema, 'minimum', 'exclusiveMinimum', 1) ?? -1_000_000);
  const max = Math.floor(bound(schema, 'maximum', 'exclusiveMaximum', -1) ?? 1_000_000);
  const multiple = typeof schema.multipleOf === 'number' && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
  const safe = { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
  return multiple === 1 ? fc.integer(safe) : fc.integer({ min: Math.ceil(safe.min / multiple), max: Math.floor(safe.max / multiple) }).map((n) => n * multiple);
}

function numbers(fc: Fc, schema: Schema): Arbitrary<number> {
  const min = bound(schema, 'minimum', 'exclusiveMinimum', Number.EPSILON) ?? -1e6;
  const max = bound(schema, 'maximum', 'exclusiveMaximum', -Number.EPSILON) ?? 1e6;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

const FORMATS: Record<string, (fc: Fc) => Arbitrary<string>> = {
  'date-time': (fc) => fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString()),
  date: (fc) => fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  email: (fc) => fc.emailAddress(),
  uri: (fc) => fc.webUrl(),
  url: (fc) => fc.webUrl(),
  uuid: (fc) => fc.uuid(),
};

function strings(fc: Fc, schema: Schema): Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 24);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format) return format(fc);
  if (typeof schema.pattern === 'string') {
    try {
      const length = (text: string) => [...text].length;
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((text) => length(text) >= minLength && length(text) <= maxLength);
    } catch {
      // A pattern fast-check cannot read: plain strings, filtered by the validator like every value.
    }
  }
  return fc.string({ minLength, maxLength });
}

function arrays(fc: Fc, schema: Schema, resolve: Resolve, depth: number): Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const cap = depth >= MAX_DEPTH ? minLength : Math.max(minLength, MAX_ITEMS);
  const maxLength = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, cap) : cap;
  // Past the depth, an array that may be empty is: a recursive schema (a user's `friends: User[]`) then ends.
  if (maxLength === 0) return fc.constant([]);
  const items = arbitraryOf(fc, (schema.items ?? true) as SchemaValue, resolve, depth + 1);
  return schema.uniqueItems === true ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) }) : fc.array(items, { minLength, maxLength });
}

function objects(fc: Fc, schema: Schema, resolve: Resolve, depth: number): Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, SchemaValue>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (depth < MAX_DEPTH || required.has(name)) model[name] = arbitraryOf(fc, property, resolve, depth + 1);
  }
  // A required member without a schema of its own takes any JSON value.
  for (const name of required) model[name] ??= fc.jsonValue({ maxDepth: 1 });
  return fc.record(model, { requiredKeys: [...required] });
}

function asObject(schema: SchemaValue, resolve?: Resolve): Schema {
  if (typeof schema === 'boolean') return {};
  if (resolve && typeof schema.$ref === 'string') return asObject(resolve(schema.$ref) ?? {}, resolve);
  return schema;
}

function withoutKeys(schema: Schema, ...keys: string[]): Schema {
  const copy = { ...schema };
  for (const key of keys) delete copy[key];
  return copy;
}

/** `allOf`'s parts as one schema: properties and required lists joined, other keywords of the later part winning. */
function merge(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (a.properties || b.properties) merged.properties = { ...(a.properties as Schema), ...(b.properties as Schema) };
  if (a.required || b.required) merged.required = [...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])];
  return merged;
}

/**
 * Text that no value of the schema serializes to, for a parameter of that
 * schema: a word for a number or a boolean, a value outside an `enum`, one
 * too short or too long, one the `pattern` refuses. Empty when every text
 * could be valid (a plain string).
 */
export function invalidTexts(schema: SchemaValue, resolve: Resolve): string[] {
  const s = asObject(schema, resolve);
  const types = typesOf(s);
  if (Array.isArray(s.enum)) return ['not-listed', ''].filter((text) => !(s.enum as unknown[]).map(String).includes(text));
  if (types.includes('string') || types.length === 0 || types.includes('array') || types.includes('object')) {
    const texts: string[] = [];
    if (typeof s.minLength === 'number' && s.minLength > 0) texts.push('x'.repeat(s.minLength - 1));
    if (typeof s.maxLength === 'number') texts.push('x'.repeat(s.maxLength + 1));
    if (typeof s.pattern === 'string') texts.push(...['', ' ', '-', 'x y', '%%', '0'].filter((text) => !new RegExp(s.pattern as string, 'u').test(text)));
    return types.includes('string') ? texts : [];
  }
  const texts = ['abc'];
  if (types.includes('integer')) texts.push('1.5');
  if (types.includes('integer') || types.includes('number')) {
    if (typeof s.minimum === 'number') texts.push(String(Math.floor(s.minimum) - 1));
    if (typeof s.maximum === 'number') texts.push(String(Math.ceil(s.maximum) + 1));
  }
  return types.includes('boolean') ? ['maybe'] : texts;
}
