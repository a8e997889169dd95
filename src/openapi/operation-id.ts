import type { RouteRecord } from '../model/route';

/**
 * The route's operation id: its full name (`Controller.method` without one)
 * in lower camel case, an identifier every client generator can use
 * (`catalog:books:create` → `catalogBooksCreate`); a later route whose id is
 * taken gets `2`, `3`, ... The name itself goes in `x-waymark-route`.
 */
export function operationIdOf(route: RouteRecord, taken: Set<string>): string {
  const base = camelCase(routeName(route));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
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
