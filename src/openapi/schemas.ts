import type { ParamBinding } from '../decorators/params';
import type { JSONSchema } from './route-docs';

type SchemaObject = Record<string, unknown>;

/** What a parameter decorator's options say (api.md §12), wherever the binding keeps them. */
export interface ParamFacts {
  type: unknown;
  required: boolean;
  schema: JSONSchema | undefined;
}

export function factsOf(binding: ParamBinding): ParamFacts {
  const own = binding as ParamBinding & { options?: Partial<ParamFacts> } & Partial<ParamFacts>;
  const options = own.options ?? {};
  return {
    type: options.type ?? binding.type,
    required: (options.required ?? own.required) === true,
    schema: options.schema ?? own.schema,
  };
}

/**
 * The JSON Schema of a converted value (api.md §12's conversions): what a
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
