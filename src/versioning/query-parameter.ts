import type { Context } from 'koa';
import { templateOf } from '../errors';
import type { ReverseParams } from '../table/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';

/**
 * The version is the query parameter `versionParam` (`?version=1.0`); `?version`
 * and `?version=` give `''`, repeated keys the last value (Django's
 * `QueryDict`). Links get `?version=<request's version>`, replacing any the
 * caller gave, with the query keys sorted (DRF's `replace_query_param`).
 */
export class QueryParameterVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'queryParameter');

  determineVersion(ctx: Context): string | null {
    const value = lastQueryValue(ctx.querystring, this.versionParam);
    const version = value === undefined ? this.defaultVersion : value;
    return this.accept(version);
  }

  reverse(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const url = super.reverse(name, params, options);
    const version = options.request?.version ?? null;
    return version === null ? url : replaceQueryParam(url, this.versionParam, version);
  }
}

/**
 * The last value of `key` in a query string, decoded as a form (`+` is a
 * space; `?key` and `?key=` give `''`), without building the whole query
 * object. Anything unusual is left to URLSearchParams, which Koa uses too.
 */
export function lastQueryValue(query: string, key: string): string | undefined {
  let found: string | undefined;
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const equals = query.indexOf('=', start);
    const keyEnd = equals === -1 || equals > end ? end : equals;
    const rawKey = query.slice(start, keyEnd);
    if (rawKey === key || ((rawKey.includes('%') || rawKey.includes('+')) && formDecode(rawKey) === key)) {
      found = keyEnd === end ? '' : formDecode(query.slice(keyEnd + 1, end));
    }
    start = end + 1;
  }
  return found;
}

function formDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return new URLSearchParams(`a=${text}`).get('a') ?? '';
  }
}

/**
 * Sets `key` to `value` in a URL, re-encoding the query with its keys sorted
 * (repeated values kept); the rest of the URL is left exactly as it was.
 */
export function replaceQueryParam(url: string, key: string, value: string): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  const question = base.indexOf('?');
  const search = new URLSearchParams(question === -1 ? '' : base.slice(question + 1));
  search.set(key, value);
  search.sort();
  return `${question === -1 ? base : base.slice(0, question)}?${search}${fragment}`;
}
