import { NoReverseMatch } from '../errors';
import type { NamespaceLevel, RouteRecord } from '../model/route';
import { checkDuplicate } from './checks';

/**
 * One level of the namespace tree (a Django resolver): the names reachable
 * at this level, the instance namespaces below it, and which instances each
 * application namespace has. Includes without a namespace add to the level
 * they are mounted in; includes that share an instance namespace share a node.
 */
export class NamespaceNode implements NamespaceLevel {
  /** Routes by name at this level: one record alone (most names), a list once a name is shared (versions, methods). */
  private readonly names = new Map<string, RouteRecord | RouteRecord[]>();
  readonly children = new Map<string, NamespaceNode>();
  /** Application namespace → its instance namespaces, the last mounted first. */
  readonly apps = new Map<string, string[]>();

  mount(namespace: string, appName: string | undefined): NamespaceNode {
    let child = this.children.get(namespace);
    if (!child) {
      child = new NamespaceNode();
      this.children.set(namespace, child);
    }
    if (appName !== undefined) {
      const instances = (this.apps.get(appName) ?? []).filter((existing) => existing !== namespace);
      this.apps.set(appName, [namespace, ...instances]);
    }
    return child;
  }

  /**
   * Adds a named route at this level. Two routes whose full names are equal
   * meet here, so this is where a clash is found (same method and pattern,
   * overlapping versions), with no index of its own over the whole table.
   */
  add(name: string, route: RouteRecord): void {
    const known = this.names.get(name);
    if (known === undefined) {
      this.names.set(name, route);
      return;
    }
    const list = Array.isArray(known) ? known : [known];
    for (const earlier of list) checkDuplicate(earlier, route);
    if (list === known) list.push(route);
    else this.names.set(name, [known as RouteRecord, route]);
  }

  /** The routes named `name` at this level, in registration order (a new list: the caller may keep it). */
  routesNamed(name: string): RouteRecord[] | undefined {
    const known = this.names.get(name);
    if (known === undefined) return undefined;
    return Array.isArray(known) ? known.slice() : [known];
  }

  /** Each name at this level with its routes. */
  *entries(): IterableIterator<[string, readonly RouteRecord[]]> {
    for (const [name, known] of this.names) yield [name, Array.isArray(known) ? known : [known]];
  }

  /** The routes of each name this level has more than once, in registration order. */
  sharedNames(): (readonly RouteRecord[])[] {
    const lists: RouteRecord[][] = [];
    // forEach, not for...of: the build calls this once per level, and a level may hold thousands of names.
    this.names.forEach((known) => {
      if (Array.isArray(known)) lists.push(known);
    });
    return lists;
  }
}

/**
 * Walks `path` (the namespace part of a name) from `root` the way Django's
 * `reverse()` does: a segment that is an application namespace resolves to
 * the current instance (`currentApp`), else the default instance (the one
 * named like the app), else the last one mounted.
 */
export function resolveNamespace(root: NamespaceLevel, path: readonly string[], currentApp?: string): NamespaceLevel {
  const current = currentApp ? currentApp.split(':') : [];
  let following = current.length > 0;
  let node = root;
  const resolved: string[] = [];
  path.forEach((segment, depth) => {
    const currentNs = following ? current[depth] : undefined;
    let ns = segment;
    const instances = node.apps.get(segment);
    if (instances) {
      if (currentNs !== undefined && instances.includes(currentNs)) ns = currentNs;
      else if (!instances.includes(segment)) ns = instances[0];
    }
    if (ns !== currentNs) following = false;
    const child = node.children.get(ns);
    if (!child) {
      const inside = resolved.length > 0 ? ` inside '${resolved.join(':')}'` : '';
      throw new NoReverseMatch(`'${segment}' is not a registered namespace${inside}.`);
    }
    resolved.push(ns);
    node = child;
  });
  return node;
}

/**
 * Each name reversal accepts below `node`, as its segments, with a route it
 * reaches: at every level, an instance namespace or an application
 * namespace, which resolves (`resolveNamespace`) to any of its instances
 * depending on the current app. `waymark types` and `app.routes` list names by it.
 */
export function eachWrittenName(node: NamespaceLevel, visit: (written: string[], route: RouteRecord) => void, written: readonly string[] = []): void {
  for (const [view, routes] of node.entries()) for (const route of routes) visit([...written, view], route);
  const segments = new Set([...node.children.keys(), ...node.apps.keys()]);
  for (const segment of segments) {
    for (const instance of node.apps.get(segment) ?? [segment]) {
      const child = node.children.get(instance);
      if (child) eachWrittenName(child, visit, [...written, segment]);
    }
  }
}
