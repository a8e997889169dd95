import type { JSONSchema, ParamBinding } from '../model/params';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import { describeSchema } from '../schema/document';

type SchemaObject = Record<string, unknown>;

/** What a parameter decorator and its options (docs/controllers-and-parameters.md) say about the value. */
export interface ParamFacts {
  type: unknown;
  required: boolean;
  /** JSON Schema or a Standard Schema validator. */
  schema: unknown;
  /** An `Array` parameter's `items` type. */
  items?: unknown;
}

/** Told why a schema has no description (its entry is then `{}`): `waymark openapi` prints it, naming the route. */
export type Warn = (reason: string) => void;

/**
 * A schema of either kind as the document shows it (docs/contracts.md): a
 * JSON Schema as given, a Standard Schema validator through Standard JSON
 * Schema; `{}` (any value) and a warning when it cannot describe itself.
 */
export function shownSchema(schema: unknown, io: 'input' | 'output', warn: Warn): JSONSchema {
  const described = describeSchema(schema as Schema, io);
  if (described.reason === undefined) return io === 'output' && isStandardSchema(schema) ? namedByTitle(described.schema) : described.schema;
  warn(described.reason);
  return {};
}

/**
 * A Standard Schema validator's output described with a top-level `title`
 * and no `$id` is named by its title, as a `$id` names a JSON Schema: the
 * document lists it once under `components.schemas` (docs/openapi.md#components).
 * Only what it writes: a validator may read a wider input (defaults,
 * transforms), which stays inline rather than clash with it under one name.
 */
function namedByTitle(schema: JSONSchema): JSONSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { title, $id } = schema as SchemaObject;
  return typeof title === 'string' && title !== '' && $id === undefined ? ({ ...schema, $id: title } as JSONSchema) : schema;
}

/** `options.type` overrides the design type TypeScript recorded, as it does for conversion. */
export function factsOf(binding: ParamBinding): ParamFacts {
  const { type, required, schema, items } = binding.options;
  return { type: type ?? binding.type, required: required === true, schema, items };
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
      // Whole alternatives: generators (openapi-typescript) type `{ type, anyOf: [{ format }] }` as unknown.
      return { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] };
    case Array:
      return { type: 'array', items: { type: 'string' } };
    default:
      return {};
  }
}

/** The parameter's schema: its declared `schema` when it has one (over the type's), with `extra` keywords. */
export function parameterSchema(facts: ParamFacts, warn: Warn, extra: SchemaObject = {}): JSONSchema {
  const own = facts.schema === undefined ? undefined : shownSchema(facts.schema, 'input', warn);
  if (own === false) return false;
  if (own === true) return { ...extra };
  const typed = schemaOfType(facts.type);
  // `{ type: Array, items: Date }`: the items as that type says.
  if (facts.items !== undefined && facts.type === Array) typed.items = schemaOfType(facts.items);
  return { ...typed, ...own, ...extra };
}

const SAFE_INTEGER = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

/**
 * A path parameter constrained by its requirement, as the wire sees it. A
 * number's requirement cannot be a `pattern` (JSON Schema ignores `pattern`
 * on numbers, so `1.5` would look valid and be answered 404): digits only is
 * a non-negative integer; any other requirement describes the text, a string
 * matching it.
 */
export function constrainedSchema(facts: ParamFacts, requirement: RegExp, warn: Warn): JSONSchema {
  const pattern = requirement.source; // anchored when the route was built
  if (facts.type === Number && facts.schema === undefined) {
    return DIGITS.has(requirement.source) ? { ...SAFE_INTEGER } : { type: 'string', pattern };
  }
  return parameterSchema(facts, warn, { pattern });
}

const DIGITS = new Set(['^(?:\\d+)$', '^(?:[0-9]+)$']);
