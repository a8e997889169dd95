import type { Schema } from '../model/schema';

/** How a schema field differed in the older version (docs/version-history.md#instructions). */
export type FieldChange =
  | { readonly kind: 'didNotExist' }
  | { readonly kind: 'existed'; readonly schema: Schema; readonly required: boolean }
  | { readonly kind: 'had'; readonly name?: string; readonly schema?: Schema; readonly required?: boolean };

/** One instruction about a field of a head schema value: built by `field(S, 'f')`. */
export interface FieldInstruction {
  readonly target: 'field';
  /** The head's own schema value, found by identity wherever routes use it. */
  readonly schema: Schema;
  /** The field as the newer side of the change calls it. */
  readonly field: string;
  readonly change: FieldChange;
}

/** One instruction about a named route: built by `route('authors:search')`. */
export interface RouteInstruction {
  readonly target: 'route';
  /** The route's full name (`v1:authors:search`, or `authors:search`). */
  readonly name: string;
  /** `didNotExist`: absent in the older version; `existed`: present in the older version, removed in the newer. */
  readonly kind: 'didNotExist' | 'existed';
}

export type Instruction = FieldInstruction | RouteInstruction;

/** What `field(S, 'f')` offers: `didNotExist`, `existed({ schema })`, `had({ name } | { schema } | { required })`. */
export interface FieldInstructions {
  /** The older version's `S` had no property `f`. */
  readonly didNotExist: FieldInstruction;
  /** The older version's `S` had a property `f` (of `schema`) that the newer version removed. */
  existed(options: { schema: Schema; required?: boolean }): FieldInstruction;
  /** The property was called `name`, had another `schema`, or was (not) `required` in the older version. */
  had(options: { name?: string; schema?: Schema; required?: boolean }): FieldInstruction;
}

/**
 * The instructions about one field of a head schema value, named as the
 * newer side of the change calls it (docs/version-history.md#instructions).
 *
 * @example
 * ```ts
 * const Author = { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] };
 * const renamed = field(Author, 'country').had({ name: 'nationality' });
 * assert.deepEqual([renamed.field, renamed.change], ['country', { kind: 'had', name: 'nationality' }]);
 * assert.equal(field(Author, 'country').didNotExist.change.kind, 'didNotExist');
 * ```
 */
export function field(schema: Schema, name: string): FieldInstructions {
  const make = (change: FieldChange): FieldInstruction => Object.freeze({ target: 'field', schema, field: name, change });
  return {
    get didNotExist() {
      return make({ kind: 'didNotExist' });
    },
    existed: ({ schema: old, required = false }) => make({ kind: 'existed', schema: old, required }),
    had: (options) => make({ kind: 'had', ...options }),
  };
}

/** What `route(name)` offers. */
export interface RouteInstructions {
  /** The route did not exist in the older version. */
  readonly didNotExist: RouteInstruction;
  /** The route existed in the older version; the newer one removed it. */
  readonly existed: RouteInstruction;
}

/**
 * The instructions about a named route: it did not exist in the older
 * version, or it existed there and the newer version removed it. An absent
 * route is answered as a version the route does not serve (docs/versioning.md).
 *
 * @example
 * ```ts
 * assert.deepEqual(route('authors:books').didNotExist, { target: 'route', name: 'authors:books', kind: 'didNotExist' });
 * assert.equal(route('authors:search').existed.kind, 'existed');
 * ```
 */
export function route(name: string): RouteInstructions {
  return {
    get didNotExist() {
      return Object.freeze({ target: 'route', name, kind: 'didNotExist' } as const);
    },
    get existed() {
      return Object.freeze({ target: 'route', name, kind: 'existed' } as const);
    },
  };
}
