import { ImproperlyConfigured } from '../errors';
import type { RouteRecord, RouteTable } from '../model/route';
import { methodsOf } from './methods';
import { shadowedRoutes } from './shadow';

/**
 * The `code` of the build's warning for a route that can never match (an
 * earlier route takes every request of it, for every version it serves),
 * beside `WMWRN001` (docs/namespaces-and-reversal.md#routes-that-can-never-match).
 */
export const SHADOWED_ROUTE_WARNING = 'WMWRN002';

/** `AppOptions.shadowing`: what a route that can never match is when the app is built. */
export type Shadowing = 'warn' | 'error';

/**
 * Each route an earlier one hides entirely (`/articles/:slug` before
 * `/articles/feed`, same methods and versions), as a message naming both.
 * Matching order stays Django's, first declared wins: a route hidden for
 * only some of its versions is the route listing's note, not this warning.
 */
export function shadowedRouteWarnings(table: RouteTable): string[] {
  const messages: string[] = [];
  for (const [route, shadow] of shadowedRoutes(table.routes)) {
    if (shadow.versions !== null) continue;
    messages.push(
      `The route ${described(route)} can never match: ${described(shadow.by)}, declared before it, takes every request it would answer (routes match in the order they are declared). ` +
        'Declare it before that route, or give the earlier route a requirement that excludes its path.',
    );
  }
  return messages;
}

/** Warns of (or, with `shadowing: 'error'`, refuses) each route that can never match, when the app is built. */
export function checkShadowing(table: RouteTable, shadowing: unknown): void {
  if (shadowing !== undefined && shadowing !== 'warn' && shadowing !== 'error') {
    throw new ImproperlyConfigured(`shadowing must be 'warn' (the default) or 'error', got ${JSON.stringify(shadowing)}.`);
  }
  const messages = shadowedRouteWarnings(table);
  if (messages.length === 0) return;
  if (shadowing === 'error') throw new ImproperlyConfigured(`${messages[0]} (createApp({ shadowing: 'error' }))`);
  for (const message of messages) process.emitWarning(message, { type: 'WaymarkWarning', code: SHADOWED_ROUTE_WARNING });
}

function described(route: RouteRecord): string {
  const name = route.fullName ?? `${route.controller.name}.${String(route.handler)}`;
  return `'${name}' (${methodsOf(route.method).filter((method) => method !== 'HEAD').join(', ')} ${route.pattern.source})`;
}
