import type { Context } from 'koa';

/**
 * `ctx.path`, read off `req.url` without the URL object that Koa's parseurl
 * makes and keeps on the request (128 bytes of every request and of every
 * open stream, docs/performance.md#the-open-targets): for a URL that is a
 * path with none of the characters that send parseurl's fast path to
 * `url.parse` (whitespace, `#`, U+00A0, U+FEFF), the part before the first
 * `?`, which is what parseurl answers for it; for any other URL, Koa's own
 * `ctx.path`. A middleware's `ctx.path = ...` rewrites `req.url`, so it is
 * read here too.
 */
export function requestPath(ctx: Context): string {
  const url = ctx.req.url;
  if (typeof url !== 'string' || url.charCodeAt(0) !== 0x2f) return ctx.path;
  let end = -1;
  for (let i = 1; i < url.length; i++) {
    switch (url.charCodeAt(i)) {
      case 0x3f: // ?
        if (end === -1) end = i;
        break;
      case 0x09:
      case 0x0a:
      case 0x0c:
      case 0x0d:
      case 0x20:
      case 0x23: // #
      case 0xa0:
      case 0xfeff:
        return ctx.path;
    }
  }
  return end === -1 ? url : url.slice(0, end);
}
