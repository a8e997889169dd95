import { warningMessage, type WarningCode } from '../errors/warnings';
import type { NamespaceLevel, RouteRecord, RouteTable } from '../model/route';

/**
 * Routes whose full name another route with a different path also has, for
 * versions in common: reversal reaches only one of them, so the other can
 * never be linked to by name. Maps each such route to the other paths, in
 * registration order. Routes of one name on different paths for disjoint
 * versions (an endpoint that moved in v2) are how versioned APIs evolve, and
 * not reported. Routes of one full name meet at one level of the namespace
 * tree, which keeps a list only for a name it has more than once: a table of
 * distinct names is read without a map of its own (one of 5,000 names, made
 * for every build, was most of what the build's checks allocated).
 */
export function sharedNames(table: RouteTable): Map<RouteRecord, string[]> {
  const found: [RouteRecord, string[]][] = [];
  const visit = (level: NamespaceLevel): void => {
    for (const list of level.sharedNames()) {
      for (const route of list) {
        const others = list.filter((other) => other.pattern.source !== route.pattern.source && overlap(route.versions, other.versions));
        if (others.length > 0) found.push([route, [...new Set(others.map((other) => other.pattern.source))]]);
      }
    }
    for (const child of level.children.values()) visit(child);
  };
  visit(table.root);
  if (found.length === 0) return new Map();
  const order = new Map(table.routes.map((route, index) => [route, index]));
  return new Map(found.sort(([a], [b]) => (order.get(a) as number) - (order.get(b) as number)));
}

/** The `code` of the process warning the build emits for a shared name (the warning catalogue's, `src/errors/warnings.ts`). */
export const SHARED_NAME_WARNING = 'WMWRN001' satisfies WarningCode;

/** The params of the build's warning for each shared name (`WMWRN001` in the warning catalogue). */
export function sharedNameParams(table: RouteTable): { name: string; paths: string }[] {
  const byName = new Map<string, Set<string>>();
  for (const route of sharedNames(table).keys()) {
    const paths = byName.get(route.fullName as string) ?? new Set<string>();
    paths.add(`'${route.pattern.source}'`);
    byName.set(route.fullName as string, paths);
  }
  return [...byName].map(([name, paths]) => ({ name, paths: [...paths].join(', ') }));
}

/** The build's warning for each shared name, as `process.emitWarning` sends it. */
export function sharedNameWarnings(table: RouteTable): string[] {
  return sharedNameParams(table).map((params) => warningMessage('WMWRN001', params));
}

function overlap(a: readonly (string | null)[] | null, b: readonly (string | null)[] | null): boolean {
  return a === null || b === null || a.some((version) => b.includes(version));
}
