import type { KeywordDefinition } from 'ajv/dist/2020';
import type { JSONSchema } from '../model/schema';

/** The keyword waymark adds beside every `type: 'integer'` of the copy it compiles; never written by users. */
export const SAFE_INTEGER = 'x-waymark-safe-integer';

const MESSAGE = `must be an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (a larger one cannot be exact)`;

/**
 * An `integer` beyond ±(2^53 − 1) in a JSON body is whatever `JSON.parse`
 * rounded it to (`9007199254740993` arrives as `…992`), so it is refused
 * like a path or query value (docs/security.md).
 */
export const safeIntegerKeyword: KeywordDefinition = {
  keyword: SAFE_INTEGER,
  type: 'number',
  schemaType: 'boolean',
  validate: function check(_schema: boolean, data: number) {
    if (!Number.isInteger(data) || Number.isSafeInteger(data)) return true;
    (check as unknown as { errors: unknown[] }).errors = [{ keyword: SAFE_INTEGER, message: MESSAGE, params: {} }];
    return false;
  },
};

/** Members whose values are data, not schemas. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example']);

/** A copy of `schema` (the caller's object is never changed) with the keyword beside each `type` that allows `integer`. */
export function withSafeIntegers(schema: JSONSchema): JSONSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = structuredClone(schema);
  mark(copy, new Set());
  return copy;
}

function mark(node: unknown, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const child of node) mark(child, seen);
    return;
  }
  const schema = node as Record<string, unknown>;
  const type = schema.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) schema[SAFE_INTEGER] = true;
  for (const [key, child] of Object.entries(schema)) if (!DATA.has(key)) mark(child, seen);
}
