import type { JSONSchema, Schema } from '../model/schema';
import { isStandardSchema } from './kinds';

/** A schema as a document describes it, or why it cannot be described. */
export type Described = { readonly schema: JSONSchema; readonly reason?: undefined } | { readonly schema?: undefined; readonly reason: string };

/**
 * The JSON Schema (draft 2020-12) that describes a schema of either kind: a
 * JSON Schema is itself; a Standard Schema validator describes itself through
 * Standard JSON Schema (`~standard.jsonSchema`), as a request reads it
 * (`input`) or a response writes it (`output`). A validator without it, or
 * one that cannot describe a type (zod's `z.date()`), gives the reason
 * instead: its document entry is then `{}` and `waymark openapi` warns.
 */
export function describeSchema(schema: Schema, io: 'input' | 'output'): Described {
  if (!isStandardSchema(schema)) return { schema };
  const props = schema['~standard'];
  if (props.jsonSchema === undefined) return { reason: `${props.vendor} does not implement Standard JSON Schema (~standard.jsonSchema)` };
  try {
    const { $schema: _dialect, ...described } = props.jsonSchema[io]({ target: 'draft-2020-12' });
    return { schema: described };
  } catch (error) {
    return { reason: `${props.vendor} cannot describe it as JSON Schema: ${(error as Error).message}` };
  }
}
