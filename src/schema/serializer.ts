import { ImproperlyConfigured } from '../errors';
import type { JSONSchema } from '../model/schema';
import { linearRegExp } from '../util/linear-regexp';
import { declaresInherited, restore, type Debug } from './serializer-code';
import { placeholder, preparePatterns } from './serializer-patterns';

/** Writes one value as JSON text, only what its schema declares. */
export type Serialize = (value: unknown) => string;

type RegExpEngine = ((source: string, flags: string) => RegExp) & { code: string };
interface BuildOptions {
  mode?: 'debug';
  compileValidators?: boolean;
  ajv?: { code: { regExp: RegExpEngine }; strictTypes: boolean };
}
interface Build {
  (schema: JSONSchema, options: BuildOptions & { mode: 'debug' }): Debug;
  (schema: JSONSchema, options: BuildOptions): Serialize;
}
let build: Build | undefined;

/**
 * Compiles a response schema into a serializer, once, when the app is built,
 * with fast-json-stringify (what Fastify uses): an object writes only the
 * properties its schema declares, so a field the schema does not name (a
 * password hash on a database row) never leaves the server. A schema it cannot
 * compile is `ImproperlyConfigured` naming `where`. See docs/contracts.md.
 *
 * Every pattern it runs is on the linear engine (docs/security.md): those that
 * choose an `anyOf`, `oneOf` or `if` branch through its ajv's `code.regExp`,
 * and `patternProperties` keys, which it writes into its code as literals, by
 * swapping each literal for the linear expression (see `preparePatterns`). A
 * declared member named like one every object inherits (`constructor`) is
 * written only when the value has it as its own (see `restore`).
 *
 * What it writes for a value that does not match the schema is not checked
 * (an `integer` given 1.5 is written 1; a missing required property throws):
 * `AppOptions.validateResponses` checks values first, and is meant for tests.
 */
export function compileSerializer(schema: JSONSchema, where: string): Serialize {
  // Loaded on the first response schema: an app without them never pays for it.
  build ??= require('fast-json-stringify') as Build;
  try {
    const prepared = preparePatterns(withoutDialect(schema), where);
    const byPlaceholder = new Map(prepared.patterns.map((pattern, index) => [placeholder(index), pattern]));
    const regExp = (source: string, flags: string) => byPlaceholder.get(source) ?? linearRegExp(source, flags, `the pattern ${JSON.stringify(source)} in the response schema of ${where}`);
    // ajv reads `code` only to write standalone code, which is never written here.
    Object.defineProperty(regExp, 'code', { value: 'linearRegExp' });
    // Branch validators are compiled now, so that a pattern the linear engine refuses is found when the app is built.
    const options: BuildOptions = { compileValidators: true, ajv: { code: { regExp: regExp as RegExpEngine }, strictTypes: false } };
    if (prepared.patterns.length === 0 && !declaresInherited(JSON.stringify(prepared.schema))) return build(prepared.schema, options);
    return restore(build(prepared.schema, { ...options, mode: 'debug' }), prepared.patterns);
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
