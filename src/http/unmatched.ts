import type { Context } from 'koa';
import { httpError, messageOf, MethodNotAllowed, NotFound } from '../errors';
import type { MatchResult, Matcher } from '../routing/matcher';
import { varyOn } from './problem';

const ACCEPT = ['Accept'];

/**
 * A request no route serves as sent, in this order: a method no route of the
 * app declares is a 501 (docs/methods.md); a path that a `trailingSlash:
 * 'redirect'` route serves with the slash added or removed is a 308 to that
 * form, query kept (docs/trailing-slash.md); an unknown path is a 404; a
 * known path with another method is a 405 with `Allow`, or for OPTIONS a 204
 * with `Allow`. Only requests that miss come here: a match pays for none of it.
 */
export function answerUnmatched(ctx: Context, result: Exclude<MatchResult, { kind: 'found' }>, matcher: Matcher, negotiates: boolean, hostname = ''): void {
  if (!matcher.implements(ctx.method)) throw httpError('NOT_IMPLEMENTED', { method: ctx.method });
  if (result.kind === 'none') {
    const target = matcher.slashRedirect(ctx.method, ctx.path, hostname);
    if (target === null) throw new NotFound();
    ctx.status = 308;
    const location = headerSafe(target);
    ctx.set('Location', ctx.querystring === '' ? location : `${location}?${headerSafe(ctx.querystring)}`);
    return;
  }
  // With several renderers the representation is chosen from Accept, whatever the scheme (DRF: > 1 renderer);
  // docs/reference/decisions.md#content-negotiation. A 405 has no route: the app's renderers decide.
  if (negotiates) varyOn(ctx, ACCEPT);
  if (ctx.method !== 'OPTIONS') throw new MethodNotAllowed(result.allowed, messageOf('METHOD_NOT_ALLOWED', { method: ctx.method }, 'named'));
  ctx.set('Allow', [...result.allowed, 'OPTIONS'].join(', '));
  ctx.status = 204;
}

/**
 * The request's own text as a header value: each character outside visible
 * ASCII percent-encoded as the byte it arrived as (Node reads the request
 * line as Latin-1), and a path that would begin with `//` (another host, to
 * a browser) with its second slash encoded.
 */
function headerSafe(text: string): string {
  let out = /^[\x21-\x7e]*$/.test(text) ? text : text.replace(/[^\x21-\x7e]/g, (c) => (c.charCodeAt(0) <= 0xff ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c)));
  if (out.startsWith('//')) out = `/%2F${out.slice(2)}`;
  return out;
}
