import { InvalidArgument } from '../errors';
import type { QueryAndFragment, QueryInput } from '../model/reverse';
import { textOf } from './encode';

/**
 * Appends the query and fragment of `options` to a path. `fragment: ''`
 * still writes the `#` (Django 5.2's `reverse(fragment='')`).
 */
export function withQueryAndFragment(path: string, options: QueryAndFragment): string {
  if (options.query === undefined && options.fragment === undefined) return path;
  const query = queryString(options.query);
  let url = query === '' ? path : `${path}?${query}`;
  if (options.fragment !== undefined) {
    const fragment = typeof options.fragment === 'string' && options.fragment.isWellFormed() ? options.fragment : null;
    if (fragment === null) throw new InvalidArgument('fragment must be a well-formed string.');
    url += `#${encodeURIComponent(fragment)}`;
  }
  return url;
}

/**
 * One key or value in form encoding, byte for byte what Python's
 * `quote_plus` (Django's and DRF's `urlencode`) writes: unreserved characters
 * (`A-Z a-z 0-9 - . _ ~`) as they are, a space as `+`, everything else
 * percent-encoded in UTF-8 — `*` too (`%2A`), unlike URLSearchParams, which
 * leaves `*` bare and writes `~` as `%7E` (docs/reference/decisions.md#reversal).
 */
export function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** `key=value&...` in form encoding, in the order given. */
export function formString(pairs: Iterable<readonly [string, string]>): string {
  let out = '';
  for (const [key, value] of pairs) out += `${out === '' ? '' : '&'}${formEncode(key)}=${formEncode(value)}`;
  return out;
}

/**
 * The query in form encoding. A string or URLSearchParams is parsed and
 * re-encoded, never appended as given; a plain object maps keys to a value or
 * an array of values. Anything else (an array, a Set, a Map, a class
 * instance) is an InvalidArgument: `[1, 3, 5]` must not become `0=1&1=3&2=5`,
 * nor a Set silently nothing (docs/reference/decisions.md#reversal).
 */
export function queryString(query: QueryInput | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return formString(new URLSearchParams(query));
  if (query instanceof URLSearchParams) return formString(query);
  if (!isPlainObject(query)) {
    throw new InvalidArgument(`query must be a plain object, a URLSearchParams or a string, got ${describe(query)}.`);
  }
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = textOf(item);
      if (text === null || !text.isWellFormed() || !key.isWellFormed()) {
        throw new InvalidArgument(`query value for "${key}" must be a string, a finite number, or an array of them.`);
      }
      pairs.push([key, text]);
    }
  }
  return formString(pairs);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object' || value === null) return String(value === null ? 'null' : typeof value);
  return `a ${(Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'object'}`;
}
