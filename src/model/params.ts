// What a parameter decorator records: plain types, read by the builder, binding, validation and OpenAPI.

import type { Schema } from './schema';

export type ParamSource = 'param' | 'params' | 'query' | 'queries' | 'body' | 'header' | 'ctx' | 'version' | 'file' | 'files';

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
  options: ParamOptions;
}
