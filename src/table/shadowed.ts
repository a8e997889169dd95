import type { RouteRecord } from './builder';

/** Which earlier route takes a route's requests: for every version it serves (`versions: null`), or for some. */
export interface Shadow {
  readonly by: RouteRecord;
  /** The versions `by` takes, `null` when it takes them all and the route is never reached. */
  readonly versions: readonly (string | null)[] | null;
}

/**
 * The routes that an earlier one hides from requests: same method (or an
 * earlier `ALL`), same pattern, same requirements, and versions in common
 * (docs/cli.md#listing-routes). A hidden route still reverses, as in Django, so this is a note
 * for the route listing, not an error.
 */
export function shadowedRoutes(routes: readonly RouteRecord[]): Map<RouteRecord, Shadow> {
  const shadows = new Map<RouteRecord, Shadow>();
  const byPattern = new Map<string, RouteRecord[]>();
  for (const route of routes) {
    const earlier = (byPattern.get(route.pattern.source) ?? []).filter((other) => competes(other, route));
    const shadow = shadowOf(route, earlier);
    if (shadow) shadows.set(route, shadow);
    byPattern.set(route.pattern.source, [...(byPattern.get(route.pattern.source) ?? []), route]);
  }
  return shadows;
}

function shadowOf(route: RouteRecord, earlier: readonly RouteRecord[]): Shadow | undefined {
  const all = earlier.find((other) => other.versions === null);
  if (all) return { by: all, versions: null };
  const earlierVersions = new Set(earlier.flatMap((other) => other.versions ?? []));
  const taken = route.versions === null ? [...earlierVersions] : route.versions.filter((version) => earlierVersions.has(version));
  const by = earlier.find((other) => other.versions?.some((version) => taken.includes(version)));
  if (!by) return undefined;
  return { by, versions: route.versions !== null && taken.length === route.versions.length ? null : taken };
}

function competes(earlier: RouteRecord, later: RouteRecord): boolean {
  return (earlier.method === later.method || earlier.method === 'ALL') && sameRequirements(earlier.requirements, later.requirements);
}

function sameRequirements(a: ReadonlyMap<string, RegExp>, b: ReadonlyMap<string, RegExp>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, pattern] of a) {
    const other = b.get(name);
    if (!other || other.source !== pattern.source || other.flags !== pattern.flags) return false;
  }
  return true;
}
