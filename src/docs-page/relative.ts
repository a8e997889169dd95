/**
 * A relative reference from the page at path `from` to the path `to` (both
 * as the app received and reverses them, percent-encoded): the browser
 * resolves it against the address it shows, so the link needs no host, and
 * it stays right behind a proxy that mounts the app under a path prefix.
 * It always starts with `./` or `../`, so it can never be read as a
 * scheme (`v1:x`) or a network path (`//host`).
 *
 * @example relativeUrl('/docs', '/docs/assets/a.css') // './docs/assets/a.css'
 * @example relativeUrl('/api/docs/', '/api/docs/openapi/v2') // './openapi/v2'
 */
export function relativeUrl(from: string, to: string): string {
  const base = from.split('/').slice(0, -1); // the page's directory: its last segment is the page itself
  const target = to.split('/');
  let common = 0;
  while (common < base.length && common < target.length - 1 && base[common] === target[common]) common++;
  const up = base.length - common;
  const rest = target.slice(common).join('/');
  return (up === 0 ? './' : '../'.repeat(up)) + rest;
}
