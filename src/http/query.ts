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

export type ParsedQuery = Record<string, string | string[]>;

/**
 * Koa's `request.query` in one linear pass: a key's value is a string, or
 * the array of its values when it repeats, keys in order of first
 * appearance, `__proto__` an ordinary own key. Koa calls `getAll` once per
 * occurrence of every key, so 16,000 keys took seconds (quadratic).
 */
export function parseQuery(querystring: string): ParsedQuery {
  const query: ParsedQuery = {};
  for (const [key, value] of new URLSearchParams(querystring)) {
    if (!Object.hasOwn(query, key)) {
      Object.defineProperty(query, key, { value, writable: true, enumerable: true, configurable: true });
      continue;
    }
    const previous = query[key];
    if (Array.isArray(previous)) previous.push(value);
    else query[key] = [previous, value];
  }
  return query;
}

const parsed = Symbol('waymark.query');

/**
 * Replaces the `query` getter of an app's own request prototype with
 * `parseQuery`, parsed lazily, once per request (and again only when the
 * query string changes); Koa's setter is kept. `@Queries()` reads it.
 */
export function installQuery(request: object): void {
  const koa = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(request), 'query');
  Object.defineProperty(request, 'query', {
    configurable: true,
    enumerable: koa?.enumerable ?? false,
    get(this: { querystring: string; [parsed]?: { text: string; query: ParsedQuery } }) {
      const text = this.querystring;
      const known = this[parsed];
      if (known?.text === text) return known.query;
      const query = parseQuery(text);
      this[parsed] = { text, query };
      return query;
    },
    set: koa?.set,
  });
}
