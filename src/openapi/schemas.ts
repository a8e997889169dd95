import type { JSONSchema, ParamBinding } from '../model/params';
import { describeSchema } from '../schema/document';

type SchemaObject = Record<string, unknown>;

/** What a parameter decorator and its options (docs/controllers-and-parameters.md) say about the value. */
export interface ParamFacts {
  type: unknown;
  required: boolean;
  schema: JSONSchema | undefined;
}

/** `options.type` overrides the design type TypeScript recorded, as it does for conversion. */
export function factsOf(binding: ParamBinding): ParamFacts {
  const { type, required, schema } = binding.options;
  return { type: type ?? binding.type, required: required === true, schema: schema === undefined ? undefined : (describeSchema(schema, 'input').schema ?? {}) };
}

/**
 * The JSON Schema of a converted value (docs/controllers-and-parameters.md#parameters-conversion): what a
 * client must send for the parameter to convert. An `Object` design type (an
 * interface, a union, `any`) says nothing: any value.
 */
export function schemaOfType(type: unknown): SchemaObject {
  switch (type) {
    case Number:
      return { type: 'number' };
    case Boolean:
      return { type: 'boolean' };
    case String:
      return { type: 'string' };
    case Date:
      return { type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] };
    case Array:
      return { type: 'array', items: { type: 'string' } };
    default:
      return {};
  }
}

/** The parameter's schema: its declared `schema` when it has one (over the type's), with `extra` keywords. */
export function parameterSchema(facts: ParamFacts, extra: SchemaObject = {}): JSONSchema {
  if (facts.schema === false) return false;
  if (facts.schema === true) return { ...extra };
  return { ...schemaOfType(facts.type), ...facts.schema, ...extra };
}
