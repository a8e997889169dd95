import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { withAjvSource } from '../i18n/schema-messages';
import type { JSONSchema } from '../model/schema';
import { ImproperlyConfigured } from '../errors';
import { linearEngine } from '../util/linear-regexp';
import { checkBounded } from './bounds';
import { safeIntegerKeyword, withSafeIntegers } from './safe-integers';

/**
 * One entry of a 400's `errors` member (RFC 9457 §3's example shape), with
 * what failed as data for an app's error renderer: ajv's `keyword` and
 * `params` (docs/errors.md#validation-failures).
 */
export type Issue = ({ detail: string; pointer: string } | { detail: string; parameter: string }) & { keyword: string; params: Record<string, unknown> };

/** However many errors a value has, a response lists at most this many. */
export const MAX_ISSUES = 100;

/** OpenAPI 3.1's additions to the Schema Object: known, so strict mode still catches typos. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];

/**
 * One app's JSON Schema compiler (draft 2020-12, the dialect of OpenAPI 3.1).
 * ajv is created on the first schema, so an app without schemas pays nothing;
 * each app has its own, so two apps never share compiled schemas or formats.
 */
export class SchemaCompiler {
  private ajv: Ajv2020 | undefined;
  private coercing: Ajv2020 | undefined;

  /**
   * Compiles once, at build time; an invalid or unbounded schema is `ImproperlyConfigured` naming `where`.
   * `coerce` compiles for form values, which are text: ajv's `coerceTypes: 'array'` turns `'42'` into 42
   * where the schema says number, and one value into a list where it says array.
   */
  compile(schema: JSONSchema, where: string, coerce = false): ValidateFunction {
    checkBounded(schema, where);
    try {
      return (coerce ? (this.coercing ??= this.create(true)) : this.instance()).compile(withSafeIntegers(schema));
    } catch (error) {
      throw new ImproperlyConfigured(
        `The schema of ${where} is not a valid JSON Schema (draft 2020-12): ${(error as Error).message}. ` +
          'Fix the schema; unknown keywords are refused so that a misspelt one cannot be ignored.',
      );
    }
  }

  private instance(): Ajv2020 {
    return (this.ajv ??= this.create(false));
  }

  private create(coerce: boolean): Ajv2020 {
    // addUsedSchema: false — a schema's `$id` (TypeBox's name for it) is not kept, so one schema on several routes compiles on each.
    // strictSchema refuses unknown keywords and formats; the type-placement rules of strict mode
    // would refuse valid schemas such as `{ minimum: 1 }`, so they are off.
    // Required here, not imported: ajv and its formats add ~9 MiB of RSS that an app without schemas never uses.
    const { default: Ajv } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
    const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
    const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, addUsedSchema: false, allErrors: true, strictSchema: true, strictNumbers: true, strictTypes: false, strictTuples: false, strictRequired: false, logger: false, code: { regExp: linearEngine as typeof linearEngine & { code: string } } });
    addFormats(ajv);
    for (const keyword of OPENAPI_KEYWORDS) ajv.addKeyword(keyword);
    ajv.addKeyword(safeIntegerKeyword);
    return ajv;
  }
}

/** ajv's errors for a body, as `{ detail, pointer }` with pointers written `#/a/0`. */
export function bodyIssues(errors: readonly ErrorObject[]): Issue[] {
  return errors.slice(0, MAX_ISSUES).map((error) => {
    const message = error.message ?? 'is invalid';
    return withAjvSource({ detail: message, pointer: `#${pointerOf(error)}`, keyword: error.keyword, params: error.params }, { keyword: error.keyword, params: error.params, message, at: null });
  });
}

/** ajv's errors for a path, query or header value, as `{ detail, parameter }`. */
export function parameterIssues(errors: readonly ErrorObject[], parameter: string): Issue[] {
  return errors.slice(0, MAX_ISSUES).map((error) => {
    const at = pointerOf(error);
    const message = error.message ?? 'is invalid';
    return withAjvSource({ detail: at ? `${message} (at ${at})` : message, parameter, keyword: error.keyword, params: error.params }, { keyword: error.keyword, params: error.params, message, at: at || null });
  });
}

/** A missing property is pointed at itself, not at the object that lacks it. */
function pointerOf(error: ErrorObject): string {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing !== 'string') return error.instancePath;
  return `${error.instancePath}/${missing.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}
