import type { RouteRecord } from '../model/route';

/**
 * Routes whose full name another route with a different path also has, for
 * versions in common: reversal reaches only one of them, so the other can
 * never be linked to by name. Maps each such route to the other paths. Routes
 * of one name on different paths for disjoint versions (an endpoint that
 * moved in v2) are how versioned APIs evolve, and not reported.
 */
export function sharedNames(routes: readonly RouteRecord[]): Map<RouteRecord, string[]> {
  const byName = new Map<string, RouteRecord[]>();
  for (const route of routes) {
    if (route.fullName === null) continue;
    const list = byName.get(route.fullName);
    if (list) list.push(route);
    else byName.set(route.fullName, [route]);
  }
  const shared = new Map<RouteRecord, string[]>();
  for (const list of byName.values()) {
    if (list.length < 2) continue;
    for (const route of list) {
      const others = list.filter((other) => other.pattern.source !== route.pattern.source && overlap(route.versions, other.versions));
      if (others.length > 0) shared.set(route, [...new Set(others.map((other) => other.pattern.source))]);
    }
  }
  return shared;
}

/**
 * The `code` of the process warning the build emits for a shared name: a
 * warning's code, numbered as Fastify numbers its `FSTWRN` ones, not an
 * error's (the catalogue holds those).
 */
export const SHARED_NAME_WARNING = 'WMWRN001';

/** The build's warning for each shared name, as `process.emitWarning` sends it. */
export function sharedNameWarnings(routes: readonly RouteRecord[]): string[] {
  const byName = new Map<string, Set<string>>();
  for (const route of sharedNames(routes).keys()) {
    const paths = byName.get(route.fullName as string) ?? new Set<string>();
    paths.add(`'${route.pattern.source}'`);
    byName.set(route.fullName as string, paths);
  }
  return [...byName].map(
    ([name, paths]) =>
      `The route name '${name}' is on routes with different paths (${[...paths].join(', ')}) for the same versions; ` +
      'reversal reaches only one of them. Give each its own name, or disjoint versions.',
  );
}

function overlap(a: readonly (string | null)[] | null, b: readonly (string | null)[] | null): boolean {
  return a === null || b === null || a.some((version) => b.includes(version));
}
