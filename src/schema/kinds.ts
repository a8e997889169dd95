import { ImproperlyConfigured } from '../errors';
import type { StandardSchemaV1 } from './standard';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1); TypeBox values are such objects. */
export type JSONSchema = boolean | { readonly [keyword: string]: unknown };

/**
 * What waymark accepts wherever it takes a schema: a JSON Schema object (or a
 * TypeBox value), or a Standard Schema validator (zod 4, valibot, arktype...).
 * See docs/contracts.md.
 */
export type Schema = JSONSchema | StandardSchemaV1;

/**
 * The type a schema describes: a Standard Schema's output type, or a TypeBox
 * value's `static` type; `unknown` for a plain JSON Schema object.
 */
export type Infer<S> = S extends StandardSchemaV1<unknown, infer Output> ? Output : S extends { readonly static: infer Static } ? Static : unknown;

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
