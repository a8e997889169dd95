import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import type { VersionHistory } from './history';

/**
 * Per route named by a `route(...)` instruction, the history's versions in
 * which it exists (newest first). A route is present in the head unless its
 * newest instruction says it `existed` (the head removed it); going down the
 * history, `didNotExist` makes it absent below that version and `existed`
 * present. An instruction that says nothing new (`didNotExist` of a route
 * already absent) or names no route is `ImproperlyConfigured`.
 */
export function routeLifespans(history: VersionHistory, routes: readonly RouteRecord[]): Map<string, string[]> {
  const names = new Set(routes.map((route) => historyName(route, history.versions)));
  const instructions = new Map<string, { index: number; kind: 'didNotExist' | 'existed'; description: string }[]>();
  history.changes.forEach((changes, index) => {
    for (const { description, instructions: own } of changes) {
      for (const instruction of own) {
        if (instruction.target !== 'route') continue;
        if (!names.has(instruction.name)) {
          const known = [...names].filter((name) => name !== null).join(', ') || 'none';
          throw new ImproperlyConfigured(`VersionHistory version '${history.versions[index]}', change '${description}': route('${instruction.name}') names no route of the app (named routes: ${known}). Use the route's full name, namespaces included.`);
        }
        let list = instructions.get(instruction.name);
        if (list === undefined) instructions.set(instruction.name, (list = []));
        list.push({ index, kind: instruction.kind, description });
      }
    }
  });
  const lifespans = new Map<string, string[]>();
  for (const [name, list] of instructions) {
    let present = list[0].kind !== 'existed';
    const alive: string[] = [];
    let next = 0;
    history.versions.forEach((version, index) => {
      if (present) alive.push(version);
      const own = list[next];
      if (own === undefined || own.index !== index) return;
      next++;
      if ((own.kind === 'didNotExist') !== present) {
        const state = present ? 'exists' : 'does not exist';
        throw new ImproperlyConfigured(
          `VersionHistory version '${version}', change '${own.description}': route('${name}').${own.kind}, but the route ${state} in '${version}' by then. ` +
            'didNotExist belongs to the version that added the route, existed to the version that removed it.',
        );
      }
      present = !present;
    });
    lifespans.set(name, alive);
  }
  return lifespans;
}

/**
 * The name a history's `route(...)` instruction gives a route: its full name,
 * without the version namespace that `NamespaceVersioning` puts first
 * (`2024-09:authors:search` is `authors:search` in every version).
 */
export function historyName(route: RouteRecord, versions: readonly string[]): string | null {
  const name = route.fullName;
  if (name === null) return null;
  const colon = name.indexOf(':');
  return colon !== -1 && versions.includes(name.slice(0, colon)) ? name.slice(colon + 1) : name;
}

/**
 * The versions a route serves once the history has said when it existed: its
 * own `versions` (docs/versioning.md) kept to the history's, so that the
 * dispatcher, OpenAPI, `waymark routes` and reversal, which all ask
 * `serves()`, agree. A request without a version (`null`) is one of `unnamed`'s:
 * the head's, or the version an app without a scheme serves (`AppOptions.serve`).
 */
export function versionsWithin(route: RouteRecord, alive: readonly string[], unnamed: string): (string | null)[] {
  const within: (string | null)[] = alive.includes(unnamed) ? [...alive, null] : [...alive];
  return route.versions === null ? within : within.filter((version) => route.versions?.includes(version));
}
