// The schema kinds waymark accepts (docs/contracts.md): their types, and the one test that tells
// them apart, here so that decorators and the table builder can refuse a non-schema when a class is defined.

import { ImproperlyConfigured } from '../errors';

/**
 * The Standard Schema (validation) and Standard JSON Schema (documents)
 * interfaces, version 1, as @standard-schema/spec 1.1 publishes them. The spec
 * asks libraries to copy these types rather than depend on the package, so a
 * user's zod, valibot or arktype satisfies them with nothing installed beside.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
    /** Standard JSON Schema: present when the library can describe the schema as JSON Schema. */
    readonly jsonSchema?: StandardJSONSchemaV1.Converter | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

export declare namespace StandardJSONSchemaV1 {
  interface Converter {
    readonly input: (options: Options) => Record<string, unknown>;
    readonly output: (options: Options) => Record<string, unknown>;
  }
  interface Options {
    readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

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
