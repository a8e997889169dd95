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
