import { bodyIssues, MAX_ISSUES, parameterIssues, type Issue, type SchemaCompiler } from './compiler';
import type { Schema, StandardSchemaV1 } from '../model/schema';
import { isStandardSchema } from './kinds';
import { describeSchema } from './document';

/** A value that passed (`value` is what the schema made of it) or the failures to list in a 400. */
export type Checked = { readonly value: unknown; readonly issues?: undefined } | { readonly value?: undefined; readonly issues: Issue[] };

/** Validates one value: synchronously for JSON Schema, a promise when a Standard Schema validator is asynchronous. */
export type Check = (value: unknown) => Checked | Promise<Checked>;

/**
 * Compiles a schema of either kind into one `Check`, once, when the app is
 * built. A JSON Schema is compiled by the app's ajv (an invalid one is
 * `ImproperlyConfigured` naming `where`); a Standard Schema validator runs its
 * own `~standard.validate`, and what it returns (zod's defaults and
 * transforms included) is the value the handler gets. Failures point into the
 * body (`#/a/0`) or, with `parameter`, name the parameter. `coerce` (form
 * bodies) converts text to the JSON Schema's types first; a Standard Schema
 * validator coerces as it says (zod's `z.coerce`).
 */
export function compileCheck(schema: Schema, compiler: SchemaCompiler, where: string, parameter?: string, coerce = false): Check {
  if (isStandardSchema(schema)) return coerce ? coercedStandardCheck(schema, compiler, where, parameter) : standardCheck(schema, parameter);
  const validate = compiler.compile(schema, where, coerce);
  return (value) => {
    if (validate(value)) return { value };
    const errors = validate.errors ?? [];
    return { issues: parameter === undefined ? bodyIssues(errors) : parameterIssues(errors, parameter) };
  };
}

function standardCheck(schema: StandardSchemaV1, parameter: string | undefined): Check {
  const props = schema['~standard'];
  const settle = (result: StandardSchemaV1.Result<unknown>): Checked =>
    result.issues === undefined ? { value: result.value } : { issues: standardIssues(result.issues, parameter) };
  return (value) => {
    const result = props.validate(value);
    return result instanceof Promise ? result.then(settle) : settle(result);
  };
}

/**
 * A Standard Schema validator given form values (text) converted first to the
 * types of the JSON Schema it describes of its input (`~standard.jsonSchema`),
 * by the app's ajv with `coerceTypes`, as a JSON Schema's form values are:
 * `?limit=10` reaches `z.object({ limit: z.number() })` as 10. ajv converts in
 * place and its own verdict is not used: the validator decides. A validator
 * that describes no JSON Schema (or one ajv cannot compile) gets the text.
 */
function coercedStandardCheck(schema: StandardSchemaV1, compiler: SchemaCompiler, where: string, parameter: string | undefined): Check {
  const check = standardCheck(schema, parameter);
  const described = describeSchema(schema, 'input').schema;
  if (described === undefined || typeof described === 'boolean') return check;
  let convert: ((value: unknown) => unknown) | undefined;
  try {
    convert = compiler.compile(described, `${where} (the JSON Schema it describes)`, true);
  } catch {
    return check;
  }
  return (value) => {
    (convert as (value: unknown) => unknown)(value);
    return check(value);
  };
}

/** Standard Schema issues as a 400's `errors`: the same two shapes as ajv's. */
export function standardIssues(issues: readonly StandardSchemaV1.Issue[], parameter?: string): Issue[] {
  return issues.slice(0, MAX_ISSUES).map((issue) => {
    const at = pointer(issue.path ?? []);
    const { keyword, params } = whatFailed(issue);
    if (parameter === undefined) return { detail: issue.message, pointer: `#${at}`, keyword, params };
    return { detail: at ? `${issue.message} (at ${at})` : issue.message, parameter, keyword, params };
  });
}

/**
 * A Standard Schema issue's `code` (zod's `too_small`, valibot's `type`, ...) as the item's `keyword`,
 * and its other plain members (`minimum`, `expected`, ...) as `params`; the rejected `input` is left out.
 */
function whatFailed(issue: StandardSchemaV1.Issue): { keyword: string; params: Record<string, unknown> } {
  const { message, path, code, input, ...rest } = issue as StandardSchemaV1.Issue & { code?: unknown; input?: unknown; kind?: unknown; type?: unknown };
  void [message, path, input];
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) params[key] = value;
  const keyword = typeof code === 'string' ? code : typeof rest.type === 'string' ? rest.type : 'invalid';
  return { keyword, params };
}

/** A JSON Pointer (RFC 6901) from a Standard Schema path. */
function pointer(path: readonly (PropertyKey | StandardSchemaV1.PathSegment)[]): string {
  let at = '';
  for (const segment of path) {
    const key = typeof segment === 'object' ? segment.key : segment;
    at += `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
  return at;
}
