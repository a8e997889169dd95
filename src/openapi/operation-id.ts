import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';

/**
 * The route's operation id: its full name (`Controller.method` without one)
 * in lower camel case, an identifier every client generator can use
 * (`catalog:books:create` → `catalogBooksCreate`); a later route whose id is
 * taken gets `2`, `3`, ... The name itself goes in `x-waymark-route`.
 */
export function operationIdOf(route: RouteRecord, taken: Set<string>, chosen?: ChosenIds): string {
  const own = route.docs.operationId;
  if (own !== undefined && chosen !== undefined) {
    // A chosen id is the route's: two routes of one document choosing it is a mistake to name, not to suffix.
    const holder = chosen.byId.get(own);
    if (holder !== undefined && holder !== route) {
      throw new ImproperlyConfigured(`operationId '${own}' is chosen by both ${routeName(holder)} and ${routeName(route)}, which are in one document; give each its own (RouteOptions.operationId).`);
    }
    chosen.byId.set(own, route);
  }
  const base = own ?? camelCase(routeName(route));
  let id = base;
  // A derived id steps around every chosen one, so a route that chooses `login` keeps it whatever comes first.
  for (let n = 2; taken.has(id) || (own === undefined && chosen?.all.has(id) === true); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/** The operation ids routes choose (`RouteOptions.operationId`): all of the table's, and who took each in this document. */
export interface ChosenIds {
  readonly all: ReadonlySet<string>;
  readonly byId: Map<string, RouteRecord>;
}

/** A document's record of chosen ids, before its first operation. */
export function chosenIds(routes: readonly RouteRecord[]): ChosenIds {
  const all = new Set<string>();
  for (let index = 0; index < routes.length; index++) {
    const id = routes[index].docs.operationId;
    if (id !== undefined) all.add(id);
  }
  return { all, byId: new Map() };
}

/** The route's full name, or `Controller.method` for an unnamed route. */
export function routeName(route: RouteRecord): string {
  return route.fullName ?? `${route.controller.name}.${String(route.handler)}`;
}

/** ASCII letters and digits only; anything else separates words. An id never starts with a digit. */
export function camelCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const id = words
    .map((word, index) => {
      if (index > 0) return word[0].toUpperCase() + word.slice(1);
      return word === word.toUpperCase() ? word.toLowerCase() : word[0].toLowerCase() + word.slice(1);
    })
    .join('');
  if (id === '') return 'operation';
  return /^\d/.test(id) ? `op${id}` : id;
}

/** A controller's default tag: its class name without `Controller` (`BooksController` → `Books`). */
export function controllerTag(controller: Function): string | null {
  const tag = controller.name.replace(/Controller$/, '');
  return tag === '' ? null : tag;
}
