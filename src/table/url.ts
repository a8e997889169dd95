import { InvalidArgument, NoReverseMatch } from '../errors';
import type { RoutePattern } from '../model/route';
import type { QueryAndFragment, ReverseParams } from '../model/reverse';
import { checkKeys, keysOf } from '../util/keys';
import { compile } from './checks';
import { withQueryAndFragment } from './query';
import { RegExpPattern } from './regexp-pattern';
import { describe, tryRoute } from './reverse';

const URL_OPTIONS = keysOf<QueryAndFragment>({ query: true, fragment: true });
const NO_REQUIREMENTS: ReadonlyMap<string, RegExp> = new Map();

/**
 * The path of a bare pattern, without a route table (@koa/router's
 * `Router.url(path, params, options)`): the same encoding and checks as a
 * named route's reversal (a value is one segment, percent-encoded; a
 * wildcard keeps its `/`; nothing that changes the URL's meaning), then the
 * `query` and `fragment` of `options`. A RegExp reverses as a RegExp route
 * does (docs/regexp-paths.md#reversal). Values that do not fit are a
 * `NoReverseMatch`; a pattern that does not parse is an `InvalidArgument`.
 *
 * @example
 * assert.equal(url('/users/:id', { id: 'a b' }), '/users/a%20b');
 * assert.equal(url('/files/*path', ['docs/read me.md'], { query: { v: 2 } }), '/files/docs/read%20me.md?v=2');
 * assert.equal(url('/archive{/:year}', {}), '/archive');
 * assert.equal(url(/^\/tags\/(?<tag>[a-z]+)$/, { tag: 'news' }), '/tags/news');
 * assert.throws(() => url('/users/:id', { id: '..' }), NoReverseMatch);
 * assert.throws(() => url(/^\/tags\/(?<tag>[a-z]+)$/, { tag: 'N3ws' }), NoReverseMatch);
 */
export function url(pattern: string | RegExp, params?: ReverseParams, options: QueryAndFragment = {}): string {
  checkKeys('url() options', options, URL_OPTIONS);
  const route = { pattern: patternOf(pattern), requirements: NO_REQUIREMENTS };
  const path = tryRoute(route, params);
  if (path === null) {
    const why = route.pattern.regexp?.irreversible ? ` The expression is not reversible: ${route.pattern.regexp.irreversible}.` : '';
    throw new NoReverseMatch(`url(${pattern instanceof RegExp ? String(pattern) : `'${pattern}'`}) with params ${describe(params)}: the values do not fit the pattern.${why}`);
  }
  return withQueryAndFragment(path, options);
}

function patternOf(pattern: string | RegExp): RoutePattern {
  if (pattern instanceof RegExp) return new RegExpPattern('', pattern, `url(${String(pattern)})`);
  if (typeof pattern !== 'string') throw new InvalidArgument(`url() takes a path pattern or a RegExp, got ${typeof pattern}.`);
  // Compiled on each call, as @koa/router's `Router.url` does: no state outlives the call.
  try {
    return compile(pattern, 'url()');
  } catch (error) {
    throw new InvalidArgument((error as Error).message);
  }
}
