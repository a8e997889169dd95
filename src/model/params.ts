// What a parameter decorator records: plain types, read by the builder, binding, validation and OpenAPI.

import type { Context } from 'koa';
import type { GuardInfo, GuardResponse } from './guard';
import type { Schema } from './schema';

export type ParamSource = 'param' | 'params' | 'query' | 'queries' | 'body' | 'header' | 'ctx' | 'version' | 'file' | 'files' | 'cookie' | 'custom';

export type { JSONSchema } from './schema';

/** The types a path, query or header value converts to. */
export type ParamType = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor | ArrayConstructor;

export interface ParamOptions {
  /** Converts to this type instead of the one TypeScript recorded (docs/controllers-and-parameters.md). */
  type?: ParamType;
  /** A missing value is a 400 naming the parameter. */
  required?: boolean;
  /**
   * Validates the converted value (the body as parsed): a JSON Schema (a
   * TypeBox value) or a Standard Schema validator (zod, valibot, arktype),
   * whose output is what the handler gets; compiled once when the app is built.
   */
  schema?: Schema;
  /** The type of each element of an `Array` parameter (`{ type: Array, items: Date }`); default: the schema's `items`, else `String`. */
  items?: Exclude<ParamType, ArrayConstructor>;
}

/** `@Cookie(name, options)`: converted and validated like `@Header`; `signed` checks the signature with the app's `keys`. */
export interface CookieOptions extends ParamOptions {
  /** Read through Koa's signed cookies (`app.keys`): a cookie with a bad or missing signature is absent. */
  signed?: boolean;
}

/** `@Queries({ schema })`: the whole query as one object, coerced as form values are and validated. */
export interface QueriesOptions {
  schema?: Schema;
}

/** What `createParameter()` takes beside its resolver (docs/declaring-what-handlers-decide.md). */
export interface CustomParameterOptions {
  /** `undefined` from the resolver is a problem document: 401 when `responses` names 401, else 400. Default false. */
  required?: boolean;
  /** The problem statuses the parameter may answer, or `{ status, schema }` with the body it sends (fed to OpenAPI like a described guard's). */
  responses?: readonly (number | GuardResponse)[];
  /** The security requirement it reads (fed to OpenAPI like a described guard's). */
  security?: GuardSecurity;
}

type GuardSecurity = { readonly [scheme: string]: readonly string[] } | readonly { readonly [scheme: string]: readonly string[] }[];

/** A custom parameter as a binding keeps it: its resolver, what it answers when absent, and its description. */
export interface CustomParameter {
  readonly resolve: (ctx: Context) => unknown;
  /** The status of the problem sent when `required` and the resolver gives `undefined`; `null` when not required. */
  readonly missing: 400 | 401 | null;
  readonly info: GuardInfo;
  /** How the decorator is named in messages (`@CurrentUser()`). */
  readonly label: string;
}

/** `@File()`/`@Files()`: `required` makes a missing upload a 400. */
export type FileOptions = Pick<ParamOptions, 'required'>;

/** `@Body()` has no conversion: the body is the JSON as parsed. */
export type BodyOptions = Omit<ParamOptions, 'type'>;

export interface ParamBinding {
  index: number;
  source: ParamSource;
  name?: string;
  /** The design type TypeScript recorded (`Number`, `Boolean`, `String`, ...). */
  type: unknown;
  /** False when TypeScript recorded no parameter types for the method (no `emitDecoratorMetadata`). */
  designed: boolean;
  options: ParamOptions & CookieOptions;
  /** `createParameter()`'s resolver and description, for `source: 'custom'`. */
  custom?: CustomParameter;
}
