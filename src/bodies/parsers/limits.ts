import { ImproperlyConfigured } from '../../errors';
import type { ParseLimits } from '../../model/parser';

/** `limits.body` when the app does not set it: 1 MiB, as koa-bodyparser's JSON limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The app's `limits` for bodies when it sets none (docs/renderers-and-parsers.md#limits):
 * Django's 1,000 fields, busboy's 1 MiB per field, 10 files of 10 MiB, and a part's
 * header as large as Node lets a request's head be (16 KiB).
 */
export const DEFAULT_PARSE_LIMITS: ParseLimits = Object.freeze({
  body: DEFAULT_BODY_LIMIT,
  fields: 1000,
  fieldSize: DEFAULT_BODY_LIMIT,
  files: 10,
  fileSize: 10 * 1024 * 1024,
  parts: 1000,
  headerSize: 16 * 1024,
});

/** The app's `limits` for bodies over the defaults; a limit that is not a positive integer throws, when the app is built. */
export function checkedLimits(given: Partial<ParseLimits>): ParseLimits {
  const limits = { ...DEFAULT_PARSE_LIMITS };
  for (const key of Object.keys(DEFAULT_PARSE_LIMITS) as (keyof ParseLimits)[]) {
    const value = given[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      const example = key === 'body' ? ' number of bytes (such as 1048576 for 1 MiB)' : '';
      throw new ImproperlyConfigured(`limits.${key} must be a positive integer${example}, got ${JSON.stringify(value)}.`);
    }
    limits[key] = value;
  }
  return Object.freeze(limits);
}
