import Router from '@koa/router';
import { BadRequest } from '../errors';
import type { RouteRecord } from '../table/builder';

/** A route whose pattern, method and requirements fit the request, with its decoded parameters. */
export interface Candidate {
  route: RouteRecord;
  params: Record<string, string>;
}

export type MatchResult =
  | { kind: 'found'; candidates: Candidate[] }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

type Layer = ReturnType<Router['match']>['path'][number];

/** The methods `@All()` answers: @koa/router's own list. */
const ALL_METHODS = ['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

/**
 * Matching on @koa/router: each route is one layer of a private router (no
 * middleware runs there). Static segments are case-sensitive (RFC 3986) and a
 * trailing slash is optional, @koa/router's default. Unlike @koa/router,
 * a malformed percent-escape in a parameter is a 400, never the raw text.
 */
export class Matcher {
  private readonly router = new Router({ sensitive: true, strict: false });
  private readonly records = new Map<Layer, RouteRecord>();

  constructor(routes: readonly RouteRecord[]) {
    for (const route of routes) {
      const methods = route.method === 'ALL' ? ALL_METHODS : [route.method];
      const layer = this.router.register(route.pattern.source, methods, noop) as unknown as Layer;
      this.records.set(layer, route);
    }
  }

  match(method: string, path: string): MatchResult {
    const matched = this.router.match(path, method);
    const candidates: Candidate[] = [];
    for (const layer of matched.pathAndMethod) {
      const candidate = this.candidate(layer, path);
      if (candidate) candidates.push(candidate);
    }
    if (candidates.length > 0) return { kind: 'found', candidates };
    const allowed = new Set<string>();
    for (const layer of matched.path) {
      if (this.candidate(layer, path)) for (const m of layer.methods) allowed.add(m);
    }
    return allowed.size > 0 ? { kind: 'method', allowed: [...allowed] } : { kind: 'none' };
  }

  private candidate(layer: Layer, path: string): Candidate | null {
    const route = this.records.get(layer);
    if (!route) return null;
    const params = decodeParams(layer, path);
    for (const [name, requirement] of route.requirements) {
      if (name in params && !requirement.test(params[name])) return null;
    }
    return { route, params };
  }
}

function decodeParams(layer: Layer, path: string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  layer.captures(path).forEach((raw, index) => {
    const key = layer.paramNames[index];
    if (!key || raw === undefined || raw === '') return;
    try {
      params[key.name] = decodeURIComponent(raw);
    } catch {
      throw new BadRequest('Malformed percent-encoding in the URL path.', { code: 'MALFORMED_PATH' });
    }
  });
  return params;
}

function noop(): void {}
