import { ImproperlyConfigured } from '../errors';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import type { Instruction } from './instructions';

/** A request of the older version as a route converter sees it: body, query and headers. */
export interface VersionedRequest {
  body: unknown;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/** A response of the newer version as a route converter sees it; it may change the status too. */
export interface VersionedResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

// Both kinds take `any`: TypeScript cannot type a function's parameter from a union told apart by `schema`
// or `route` alone, and users would have to annotate every converter.
/**
 * Converts a request of the older version into the newer shape: each value of
 * a schema (`convert(value)` returns the converted value), or a whole route's
 * request (`convert(request: VersionedRequest)` returns a `VersionedRequest`).
 */
export type RequestConverter = { readonly schema: Schema; readonly convert: (value: any) => unknown } | { readonly route: string; readonly convert: (request: any) => VersionedRequest };

/**
 * Converts a response of the newer version into the older shape: each value
 * of a schema, or a whole route's response (`convert(response: VersionedResponse)`
 * returns a `VersionedResponse`, and may change its status).
 */
export type ResponseConverter = { readonly schema: Schema; readonly convert: (value: any) => unknown } | { readonly route: string; readonly convert: (response: any) => VersionedResponse };

export interface ChangeOptions {
  /** A sentence of the changelog, for the people who read it. */
  description: string;
  /** How the older version differed (`field(...)`, `route(...)`). */
  instructions?: readonly Instruction[];
  /** Older → newer, applied after the instructions' renames. */
  requests?: readonly RequestConverter[];
  /** Newer → older, applied before the instructions' renames. */
  responses?: readonly ResponseConverter[];
}

/** One change of the changelog, made by `change()`. */
export interface VersionChange {
  readonly description: string;
  readonly instructions: readonly Instruction[];
  readonly requests: readonly RequestConverter[];
  readonly responses: readonly ResponseConverter[];
}

/** The versions of a history, newest first, and the changes that turned each older one into it (`VersionHistory` has this shape). */
export interface Changelog {
  readonly versions: readonly string[];
  /** `changes[i]` turned `versions[i + 1]` into `versions[i]`. */
  readonly changes: readonly (readonly VersionChange[])[];
}

const made = new WeakSet<VersionChange>();

/**
 * One piece of the changelog: what a reader is told, the instructions that
 * say how the older version differed, and the converters that move data
 * between the two (docs/version-history.md#converters). Misuse throws
 * `ImproperlyConfigured` here.
 *
 * @example
 * ```ts
 * const Author = { type: 'object', properties: { country: { type: 'string' } } };
 * const rename = change({ description: 'nationality is now country', instructions: [field(Author, 'country').had({ name: 'nationality' })] });
 * assert.equal(rename.instructions.length, 1);
 * assert.throws(() => change({ description: '' }), ImproperlyConfigured);
 * ```
 */
export function change(options: ChangeOptions): VersionChange {
  const { description, instructions = [], requests = [], responses = [] } = options ?? ({} as ChangeOptions);
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ImproperlyConfigured('change() needs a `description`: the sentence of the changelog that tells clients what changed.');
  }
  const where = `change('${description}')`;
  if (!Array.isArray(instructions) || instructions.some((instruction) => instruction?.target !== 'field' && instruction?.target !== 'route')) {
    throw new ImproperlyConfigured(`${where}: instructions must be an array of field(S, 'name')... and route('name')... instructions.`);
  }
  checkConverters(requests, `${where} requests`);
  checkConverters(responses, `${where} responses`);
  const result: VersionChange = Object.freeze({ description, instructions: [...instructions], requests: [...requests], responses: [...responses] });
  made.add(result);
  return result;
}

/** Whether `value` was made by `change()`. */
export function isChange(value: unknown): value is VersionChange {
  return typeof value === 'object' && value !== null && made.has(value as VersionChange);
}

function checkConverters(converters: readonly (RequestConverter | ResponseConverter)[], where: string): void {
  if (!Array.isArray(converters)) throw new ImproperlyConfigured(`${where} must be an array of { schema, convert } or { route, convert }.`);
  for (const converter of converters) {
    const target = converter as { schema?: unknown; route?: unknown; convert?: unknown };
    const schemaLike = typeof target.schema === 'boolean' || isStandardSchema(target.schema) || (typeof target.schema === 'object' && target.schema !== null);
    if (typeof target.convert !== 'function' || schemaLike === (typeof target.route === 'string')) {
      throw new ImproperlyConfigured(`${where}: each converter is { schema, convert(value) } or { route: 'name', convert(...) }, with a function convert.`);
    }
  }
}
