import type CoBody from 'co-body';
import type { Context } from 'koa';
import { httpError } from '../errors';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-depth';

/** `limits.body` when the app does not set it: 1 MiB, as koa-bodyparser's JSON limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The JSON body, parsed once per request (with prototype-poisoning
 * protection); a body already parsed by other middleware is used as it is.
 * `undefined` when the request has no body (or an empty one). More than `limit` bytes is a 413,
 * whatever `Content-Length` claims: co-body counts what arrives. A body nested deeper
 * than `MAX_BODY_DEPTH` levels is a 400 (rendering or validating it would overflow the stack).
 */
export async function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  const request = ctx.request as Context['request'] & { body?: unknown };
  if (request.body !== undefined) return request.body;
  if (!ctx.request.length && ctx.get('transfer-encoding') === '') return undefined;
  if (!ctx.is('application/json', '+json')) {
    throw httpError('UNSUPPORTED_MEDIA_TYPE');
  }
  let body: { parsed: unknown; raw: string };
  try {
    body = await coBody().json(ctx, { limit, strict: true, returnRawBody: true });
  } catch (error) {
    const status = (error as { status?: number }).status;
    throw httpError(status === 413 ? 'BODY_TOO_LARGE' : 'INVALID_BODY');
  }
  if (nestsDeeperThan(body.raw, MAX_BODY_DEPTH)) throw httpError('INVALID_BODY', { max: String(MAX_BODY_DEPTH) }, 'tooDeep');
  // co-body answers `{}` for a chunked body with nothing in it; that is no body.
  request.body = body.raw === '' ? undefined : body.parsed;
  return request.body;
}

let loaded: typeof CoBody | undefined;

/** co-body and its parsers (~4 MiB of RSS) are required on the first body read, not at import: most routes never read one. */
function coBody(): typeof CoBody {
  return (loaded ??= require('co-body') as typeof CoBody);
}
