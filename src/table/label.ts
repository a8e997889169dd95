import type { RouteRecord } from '../model/route';

/** How a route is named in errors: its full name, method, path and handler. */
export function routeLabel(route: RouteRecord): string {
  const at = `${route.method} ${route.pattern.source}, ${route.controller.name}.${String(route.handler)}`;
  return route.fullName === null ? `route ${at}` : `route '${route.fullName}' (${at})`;
}
