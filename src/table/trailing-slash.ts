import { ImproperlyConfigured } from '../errors';
import type { TrailingSlash } from '../model/options';

const MODES: readonly TrailingSlash[] = ['optional', 'strict', 'redirect'];

/** A `trailingSlash` option, checked where it is written (docs/trailing-slash.md); `undefined` leaves the enclosing scope's. */
export function checkTrailingSlash(value: unknown, where: string): TrailingSlash | undefined {
  if (value === undefined || (MODES as readonly unknown[]).includes(value)) return value as TrailingSlash | undefined;
  throw new ImproperlyConfigured(`${where}: trailingSlash must be 'optional', 'strict' or 'redirect', got ${JSON.stringify(value)} (docs/trailing-slash.md).`);
}

/**
 * A route's full path under a scope whose trailing slash matters (`'strict'`,
 * `'redirect'`): the prefix as written for a route path of `''`, the prefix
 * and a slash for `'/'` (`@Controller('/users')` with `@Get('/')` is
 * `/users/`). Under `'optional'` both are the prefix (builder's `joinPath`).
 */
export function joinDeclared(prefix: string, path: string): string {
  if (path === '') return prefix || '/';
  let base = prefix;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return base + path;
}
