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
