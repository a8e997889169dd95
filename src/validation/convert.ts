import type { JSONSchema } from '../model/schema';
import { parseRfc3339 } from './date';

/** What a conversion returns for a value it refuses. */
export const INVALID: unique symbol = Symbol('invalid');

/** One scalar conversion; its name chooses the 400's detail (`INVALID_PARAMETER.queryDate`, ...). */
export interface Scalar {
  readonly name: 'String' | 'Number' | 'Boolean' | 'Date';
  /** The value, or `INVALID`. */
  readonly convert: (text: string) => unknown;
}

/**
 * What a number conversion returns for a value a double cannot hold exactly:
 * an integer beyond ±(2^53 − 1) (`9007199254740993` would become `…992`,
 * `1e23` is `99999999999999991611392`), or a non-zero value that underflows
 * to 0. Refused, since a guard reading the text and a handler reading the
 * number would name different resources (docs/security.md).
 */
export const INEXACT: unique symbol = Symbol('inexact');

/** A decimal number as people write it: no hex, no `Infinity`, no white space. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const Scalars = {
  String: { name: 'String', convert: (text) => text },
  Number: {
    name: 'Number',
    convert: (text) => {
      const number = Number(text);
      if (!DECIMAL.test(text)) return INVALID;
      if (!Number.isFinite(number)) return INEXACT;
      if (Number.isInteger(number) && !Number.isSafeInteger(number)) return INEXACT;
      return number === 0 && /[1-9]/.test(text.split(/[eE]/)[0]) ? INEXACT : number;
    },
  },
  Boolean: {
    name: 'Boolean',
    convert: (text) => (text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : INVALID),
  },
  Date: { name: 'Date', convert: (text) => parseRfc3339(text) ?? INVALID },
} as const satisfies Record<string, Scalar>;

/** How one path, query or header value is converted: a scalar, or a list of them. */
export type Conversion = { readonly kind: 'scalar'; readonly scalar: Scalar } | { readonly kind: 'array'; readonly element: Scalar };

/**
 * The conversion for a parameter: its `type` option, else the type
 * TypeScript recorded, else (for a recorded `Object`) the schema's `type`
 * keyword. `undefined` when none of them says (the builder refuses that).
 */
export function conversionFor(type: unknown, schema: JSONSchema | undefined, items?: unknown): Conversion | undefined {
  if (type === Array) return { kind: 'array', element: byConstructor(items) ?? byItems(keywordOf(schema, 'items')) ?? Scalars.String };
  const scalar = byConstructor(type);
  if (scalar) return { kind: 'scalar', scalar };
  if (schema === undefined) return undefined;
  const keyword = typeof schema === 'object' ? schema.type : undefined;
  if (keyword === 'array') return { kind: 'array', element: byConstructor(items) ?? byItems(keywordOf(schema, 'items')) ?? Scalars.String };
  return { kind: 'scalar', scalar: byKeyword(schema) ?? Scalars.String };
}

function byConstructor(type: unknown): Scalar | undefined {
  if (type === String) return Scalars.String;
  if (type === Number) return Scalars.Number;
  if (type === Boolean) return Scalars.Boolean;
  if (type === Date) return Scalars.Date;
  return undefined;
}

function keywordOf(schema: JSONSchema | undefined, keyword: string): JSONSchema | undefined {
  return typeof schema === 'object' ? (schema[keyword] as JSONSchema | undefined) : undefined;
}

/** A list's items: as `byKeyword`, and `format: 'date-time'` gives `Date`s as a single `Date` parameter does. */
function byItems(schema: JSONSchema | undefined): Scalar | undefined {
  if (typeof schema === 'object' && schema.type === 'string' && schema.format === 'date-time') return Scalars.Date;
  return byKeyword(schema);
}

/** `{ type: 'integer' }` converts like `Number`; a list of types or none leaves text as text. */
function byKeyword(schema: JSONSchema | undefined): Scalar | undefined {
  const keyword = typeof schema === 'object' ? schema.type : undefined;
  if (keyword === 'integer' || keyword === 'number') return Scalars.Number;
  if (keyword === 'boolean') return Scalars.Boolean;
  if (keyword === 'string') return Scalars.String;
  return undefined;
}
