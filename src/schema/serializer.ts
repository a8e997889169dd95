import { ImproperlyConfigured } from '../errors';
import type { JSONSchema } from '../model/schema';
import { linearRegExp } from '../util/linear-regexp';

/** Writes one value as JSON text, only what its schema declares. */
export type Serialize = (value: unknown) => string;

type RegExpEngine = ((source: string, flags: string) => RegExp) & { code: string };
interface BuildOptions {
  compileValidators?: boolean;
  ajv?: { code: { regExp: RegExpEngine }; strictTypes: boolean };
}
type Build = (schema: JSONSchema, options: BuildOptions) => Serialize;
let build: Build | undefined;

/**
 * Compiles a response schema into a serializer, once, when the app is built,
 * with fast-json-stringify (what Fastify uses): an object writes only the
 * properties its schema declares, so a field the schema does not name (a
 * password hash on a database row) never leaves the server. A schema it cannot
 * compile is `ImproperlyConfigured` naming `where`. See docs/contracts.md.
 *
 * The patterns that choose an `anyOf`, `oneOf` or `if` branch run on the
 * linear engine, through its ajv's `code.regExp` (docs/security.md).
 *
 * What it writes for a value that does not match the schema is not checked
 * (an `integer` given 1.5 is written 1; a missing required property throws):
 * `AppOptions.validateResponses` checks values first, and is meant for tests.
 */
export function compileSerializer(schema: JSONSchema, where: string): Serialize {
  // Loaded on the first response schema: an app without them never pays for it.
  build ??= require('fast-json-stringify') as Build;
  const regExp: RegExpEngine = Object.assign(
    (source: string, flags: string) => linearRegExp(source, flags, `the pattern ${JSON.stringify(source)} in the response schema of ${where}`),
    { code: 'linearRegExp' },
  );
  // Branch validators are compiled now, so that a pattern the linear engine refuses is found when the app is built.
  const options: BuildOptions = { compileValidators: true, ajv: { code: { regExp }, strictTypes: false } };
  try {
    return build(withoutDialect(schema), options);
  } catch (error) {
    if (error instanceof ImproperlyConfigured) throw error;
    throw new ImproperlyConfigured(
      `The response schema of ${where} cannot be compiled into a serializer: ${(error as Error).message}. ` +
        'Fix the schema (fast-json-stringify compiles JSON Schema draft 2020-12 as Fastify does).',
    );
  }
}

/** `$schema` names the dialect, which is always 2020-12 here; the serializer's own ajv knows no such meta-schema. */
function withoutDialect(schema: JSONSchema): JSONSchema {
  if (typeof schema === 'boolean' || !('$schema' in schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
