import type { Context } from 'koa';
import { messageOf, UnsupportedMediaType } from '../../errors';
import type { ParseLimits, Parser } from '../../model/parser';

/**
 * The request body, parsed once per request by the first of the route's
 * parsers that reads its `Content-Type`; a body already parsed by other
 * middleware (koa-bodyparser's `ctx.request.body`) is used as it is.
 * `undefined` when the request has no body (or an empty one). A type no
 * parser reads is a 415 listing the types the route reads.
 */
export async function readBody(ctx: Context, parsers: readonly Parser[], limits: ParseLimits): Promise<unknown> {
  const request = ctx.request as Context['request'] & { body?: unknown };
  // koa-bodyparser sets `{}` for a type it does not read (a multipart upload) and leaves the stream
  // unread: only a body whose stream someone read is "already parsed".
  if (request.body !== undefined && (ctx.req.readableDidRead || ctx.req.readableEnded)) return request.body;
  if (!ctx.request.length && ctx.get('transfer-encoding') === '') return request.body;
  const parser = parsers.find((candidate) => ctx.is(candidate.mediaType, ...(candidate.matches ?? [])) !== false);
  if (parser === undefined) throw unsupported(ctx.method, parsers);
  request.body = await parser.parse(ctx, limits);
  return request.body;
}

/** 415 naming what the route reads, also as `Accept-Post`/`Accept-Patch` for those methods (a hint clients and tools read). */
function unsupported(method: string, parsers: readonly Parser[]): UnsupportedMediaType {
  const types = parsers.map((parser) => parser.mediaType);
  const hint = method === 'POST' ? 'Accept-Post' : method === 'PATCH' ? 'Accept-Patch' : undefined;
  return new UnsupportedMediaType(messageOf('UNSUPPORTED_MEDIA_TYPE', { types: types.join(', ') }, 'accepted'), {
    headers: hint === undefined ? {} : { [hint]: types.join(', ') },
    extensions: { accepted: types },
  });
}
