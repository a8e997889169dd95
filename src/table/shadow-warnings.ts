import { ImproperlyConfigured } from '../errors';
import { emitWaymarkWarning, warningMessage } from '../errors/warnings';
import type { RouteRecord, RouteTable } from '../model/route';
import { methodsOf } from './methods';
import { shadowedRoutes } from './shadow';

/** `AppOptions.shadowing`: what a route that can never match is when the app is built. */
export type Shadowing = 'warn' | 'error';

/**
 * Each route an earlier one hides entirely (`/articles/:slug` before
 * `/articles/feed`, same methods and versions), as a message naming both.
 * Matching order stays Django's, first declared wins: a route hidden for
 * only some of its versions is the route listing's note, not this warning.
 */
export function shadowedRouteWarnings(table: RouteTable): { route: string; by: string }[] {
  const found: { route: string; by: string }[] = [];
  for (const [route, shadow] of shadowedRoutes(table.routes)) {
    if (shadow.versions !== null) continue;
    found.push({ route: described(route), by: described(shadow.by) });
  }
  return found;
}

/** Warns of (`WMWRN002`, once per app and route: `warned`) or, with `shadowing: 'error'`, refuses each route that can never match, when the app is built. */
export function checkShadowing(table: RouteTable, shadowing: unknown, warned: Set<string>): void {
  if (shadowing !== undefined && shadowing !== 'warn' && shadowing !== 'error') {
    throw new ImproperlyConfigured(`shadowing must be 'warn' (the default) or 'error', got ${JSON.stringify(shadowing)}.`);
  }
  const found = shadowedRouteWarnings(table);
  if (found.length === 0) return;
  if (shadowing === 'error') throw new ImproperlyConfigured(`${warningMessage('WMWRN002', found[0])} (createApp({ shadowing: 'error' }))`);
  for (const params of found) emitWaymarkWarning('WMWRN002', params, warned);
}

function described(route: RouteRecord): string {
  const name = route.fullName ?? `${route.controller.name}.${String(route.handler)}`;
  return `'${name}' (${methodsOf(route.method).filter((method) => method !== 'HEAD').join(', ')} ${route.pattern.source})`;
}
