import type { RouteRecord } from '../model/route';
import type { WarningCode } from '../errors/warnings';
import { methodsOf } from '../table/methods';
import { routeName } from './operation-id';

/** The operations a path item of OpenAPI 3.1 has fields for (OpenAPI 3.1 §4.8.9), upper-case. */
const FIXED_31: ReadonlySet<string> = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/**
 * A route's methods as a document lists them (HEAD, implied by GET, and
 * OPTIONS, answered by waymark, are not): `fixed`, each under its own
 * lower-case key of a 3.1 path item; `additional`, the methods 3.1 has no
 * field for, which a 3.2 document lists (`QUERY` as its `query` field, any
 * other under `additionalOperations`, by name) and a 3.1 document leaves out.
 */
export function documentedMethods(route: RouteRecord): { fixed: readonly string[]; additional: readonly string[] } {
  const fixed: string[] = [];
  const additional: string[] = [];
  for (const method of methodsOf(route.method)) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    (FIXED_31.has(method) ? fixed : additional).push(method);
  }
  return { fixed, additional };
}

/** The catalogue's warnings for what a document leaves out (src/errors/warnings.ts): a 3.2 document lists every method. */
const METHOD_WARNING = 'WMWRN004' satisfies WarningCode;
const REGEXP_WARNING = 'WMWRN005' satisfies WarningCode;

/** Why the 3.1 document leaves a route (or some of its methods) out, with the catalogue's warning for each: for the build's warnings and for `app.openapi()`'s `onWarning`. */
export function undocumented(routes: readonly RouteRecord[], oas: '3.1' | '3.2' = '3.1'): { code: WarningCode; params: Record<string, string> }[] {
  const found: { code: WarningCode; params: Record<string, string> }[] = [];
  for (const route of routes) {
    const regexp = route.pattern.regexp;
    if (regexp?.irreversible) found.push({ code: REGEXP_WARNING, params: { route: `'${routeName(route)}'`, path: String(regexp.expression), reason: regexp.irreversible } });
    else if (oas === '3.1') for (const method of documentedMethods(route).additional) found.push({ code: METHOD_WARNING, params: { route: `'${routeName(route)}'`, method } });
  }
  return found;
}
