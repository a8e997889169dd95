// The schema kinds waymark accepts (docs/contracts.md): their types. Telling them apart, and
// refusing a non-schema, is schema/kinds.ts's.

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
