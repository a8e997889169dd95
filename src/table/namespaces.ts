import { NoReverseMatch } from '../errors';
import type { RouteRecord } from './builder';

/**
 * One level of the namespace tree (a Django resolver): the names reachable
 * at this level, the instance namespaces below it, and which instances each
 * application namespace has. Includes without a namespace add to the level
 * they are mounted in; includes that share an instance namespace share a node.
 */
export class NamespaceNode {
  readonly names = new Map<string, RouteRecord[]>();
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

  add(name: string, route: RouteRecord): void {
    const routes = this.names.get(name);
    if (routes) routes.push(route);
    else this.names.set(name, [route]);
  }
}

/**
 * Walks `path` (the namespace part of a name) from `root` the way Django's
 * `reverse()` does: a segment that is an application namespace resolves to
 * the current instance (`currentApp`), else the default instance (the one
 * named like the app), else the last one mounted.
 */
export function resolveNamespace(root: NamespaceNode, path: readonly string[], currentApp?: string): NamespaceNode {
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
