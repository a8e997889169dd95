// The one test that tells the schema kinds apart (docs/contracts.md), below decorators/ and table/ in
// the layers so that they refuse a non-schema when a class is defined.

import { ImproperlyConfigured } from '../errors';
import type { JSONSchema, Schema, StandardSchemaV1 } from '../model/schema';

/** Whether a value is a Standard Schema validator (it has `~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return typeof props === 'object' && props !== null && typeof (props as { validate?: unknown }).validate === 'function';
}

/** Checks an option that must be a schema, when the app is built; `where` names the option. */
export function checkSchema(value: unknown, where: string): Schema {
  if (typeof value === 'boolean' || isStandardSchema(value)) return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as JSONSchema;
  throw new ImproperlyConfigured(
    `${where} must be a JSON Schema (an object or a boolean) or a Standard Schema validator (zod, valibot, arktype), got ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  if (typeof value === 'function') return `the function ${value.name || '(anonymous)'}`;
  if (Array.isArray(value)) return 'an array';
  return JSON.stringify(value) ?? String(value);
}
