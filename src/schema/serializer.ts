import { ImproperlyConfigured } from '../errors';
import type { JSONSchema } from '../model/schema';
import { linearRegExp } from '../util/linear-regexp';
import { placeholder, preparePatterns } from './serializer-patterns';

/** Writes one value as JSON text, only what its schema declares. */
export type Serialize = (value: unknown) => string;

type RegExpEngine = ((source: string, flags: string) => RegExp) & { code: string };
interface BuildOptions {
  mode?: 'debug';
  compileValidators?: boolean;
  ajv?: { code: { regExp: RegExpEngine }; strictTypes: boolean };
}
/** What `mode: 'debug'` returns: the generated code and what it runs with. */
interface Debug {
  code: string;
  validator: unknown;
  serializer: unknown;
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
 * swapping each literal for the linear expression (see `preparePatterns`).
 *
 * What it writes for a value that does not match the schema is not checked
 * (an `integer` given 1.5 is written 1; a missing required property throws):
 * `AppOptions.validateResponses` checks values first, and is meant for tests.
 */
export function compileSerializer(schema: JSONSchema, where: string): Serialize {
  // Loaded on the first response schema: an app without them never pays for it.
  build ??= require('fast-json-stringify') as Build;
  const prepared = preparePatterns(withoutDialect(schema), where);
  const byPlaceholder = new Map(prepared.patterns.map((pattern, index) => [placeholder(index), pattern]));
  const regExp: RegExpEngine = Object.assign(
    (source: string, flags: string) => byPlaceholder.get(source) ?? linearRegExp(source, flags, `the pattern ${JSON.stringify(source)} in the response schema of ${where}`),
    { code: 'linearRegExp' },
  );
  // Branch validators are compiled now, so that a pattern the linear engine refuses is found when the app is built.
  const options: BuildOptions = { compileValidators: true, ajv: { code: { regExp }, strictTypes: false } };
  try {
    if (prepared.patterns.length === 0) return build(prepared.schema, options);
    return restore(build(prepared.schema, { ...options, mode: 'debug' }), prepared.patterns);
  } catch (error) {
    if (error instanceof ImproperlyConfigured) throw error;
    throw new ImproperlyConfigured(
      `The response schema of ${where} cannot be compiled into a serializer: ${(error as Error).message}. ` +
        'Fix the schema (fast-json-stringify compiles JSON Schema draft 2020-12 as Fastify does).',
    );
  }
}

/** A pattern literal fast-json-stringify writes for a placeholder key: `/waymark_pattern_0_/.test(`. */
const LITERAL = /\/waymark_pattern_(\d+)_\/\.test\(/g;
/** The same literal written any other way (a JSON pointer in a string goes on with a member name, never `.` or an end). */
const LEFT = /\/waymark_pattern_\d+_\/(?![\w$])/;

/**
 * `fastJson.restore` (which turns debug mode's code into the serializer), with
 * each placeholder's literal replaced by its linear expression. Code that
 * still holds a placeholder literal is refused rather than run on V8's engine.
 */
function restore({ code, validator, serializer }: Debug, patterns: readonly RegExp[]): Serialize {
  const linear = code.replace(LITERAL, (_literal, index: string) => `waymarkPatterns[${index}].test(`);
  if (LEFT.test(linear)) throw new Error('fast-json-stringify wrote a patternProperties key in a form waymark does not recognise, so it would run on a backtracking engine');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is fast-json-stringify's, compiled as its own restore() does
  return new Function('validator', 'serializer', 'waymarkPatterns', linear)(validator, serializer, patterns) as Serialize;
}

/** `$schema` names the dialect, which is always 2020-12 here; the serializer's own ajv knows no such meta-schema. */
function withoutDialect(schema: JSONSchema): JSONSchema {
  if (typeof schema === 'boolean' || !('$schema' in schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
