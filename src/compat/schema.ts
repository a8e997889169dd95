/**
 * What a breaking-change check needs to know of a JSON Schema inside an
 * OpenAPI 3.1 document: its `$ref`s followed, the set of JSON types it
 * admits, its enum, and its object members. See docs/compatibility.md.
 */
export type Json = Record<string, unknown>;

/** The JSON types; `integer` is a subset of `number`. */
const ALL_TYPES = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'] as const;
export type JsonType = (typeof ALL_TYPES)[number];

/** How deep a schema is compared before the check stops (a recursive schema ends there). */
export const MAX_DEPTH = 24;

/** Follows `#/...` references inside `document`, at most a few in a row. */
export function resolve(schema: unknown, document: Json): Json | boolean {
  let current = schema;
  for (let hops = 0; hops < 16 && typeof current === 'object' && current !== null && typeof (current as Json).$ref === 'string'; hops++) {
    current = pointer(document, (current as Json).$ref as string);
  }
  if (typeof current === 'boolean') return current;
  return typeof current === 'object' && current !== null ? (current as Json) : true;
}

function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return true;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return true;
    node = (node as Json)[key];
  }
  return node;
}

/**
 * Results already found, by schema object, for one top-level call: `null`
 * while a schema is being worked out (a schema met again inside itself is
 * taken as admitting everything, as the depth limit would). A schema named
 * three times in an `anyOf` is then worked out once, not 3^depth times.
 */
type Memo<T> = Map<object, T | null>;

/** The JSON types a schema admits: from `type`, else the union of its `anyOf`/`oneOf` branches, else every type. */
export function typesOf(schema: Json | boolean, document: Json, depth = 0, memo: Memo<Set<JsonType>> = new Map()): Set<JsonType> {
  if (schema === false) return new Set();
  if (schema === true || depth > MAX_DEPTH) return new Set(ALL_TYPES);
  if (schema.type !== undefined) {
    const listed = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is JsonType => (ALL_TYPES as readonly string[]).includes(t as string));
    const set = new Set(listed);
    if (set.has('number')) set.add('integer');
    return set;
  }
  if ('const' in schema) return new Set([jsonTypeOf(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonTypeOf));
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null) as unknown[] | null;
  if (branches === null) return new Set(ALL_TYPES);
  const known = memo.get(schema);
  if (known !== undefined) return known ?? new Set(ALL_TYPES);
  memo.set(schema, null);
  const set = new Set<JsonType>();
  for (const branch of branches) for (const type of typesOf(resolve(branch, document), document, depth + 1, memo)) set.add(type);
  memo.set(schema, set);
  return set;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The values a schema is limited to (`enum` or `const`), or `null` when it lists none. */
export function valuesOf(schema: Json | boolean): string[] | null {
  if (typeof schema === 'boolean') return null;
  if ('const' in schema) return [JSON.stringify(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value));
  return null;
}

/** An object schema's declared members and which are required (`allOf` branches merged in; one met again inside itself adds nothing). */
export function membersOf(schema: Json | boolean, document: Json, depth = 0, memo: Memo<Members> = new Map()): Members {
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  if (typeof schema === 'boolean' || depth > MAX_DEPTH) return { properties, required };
  const known = memo.get(schema);
  if (known !== undefined) return known ?? { properties, required };
  memo.set(schema, null);
  for (const [name, member] of Object.entries((schema.properties ?? {}) as Json)) properties.set(name, member);
  for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) required.add(name);
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const inner = membersOf(resolve(part, document), document, depth + 1, memo);
    for (const [name, member] of inner.properties) if (!properties.has(name)) properties.set(name, member);
    for (const name of inner.required) required.add(name);
  }
  memo.set(schema, { properties, required });
  return { properties, required };
}

/** An object schema's members by name, and the names it requires. */
export interface Members {
  readonly properties: Map<string, unknown>;
  readonly required: Set<string>;
}

/** The schema of an array's items, or `undefined` when it is not an array schema. */
export function itemsOf(schema: Json | boolean): unknown {
  return typeof schema === 'object' && schema.items !== undefined && typeof schema.items !== 'boolean' ? schema.items : undefined;
}

export function subset<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const item of a) if (!b.has(item)) return false;
  return true;
}
