import Router from '@koa/router';
import { BadRequest, HttpError } from '../errors';
import type { RouteRecord } from '../table/builder';
import { PrefixIndex } from './prefix-index';

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

interface Entry {
  layer: Layer;
  route: RouteRecord;
  methods: ReadonlySet<string>;
}

/** The methods `@All()` answers: @koa/router's own list. */
const ALL_METHODS = ['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

/**
 * Matching on @koa/router's layers (its path-to-regexp compilation, options
 * and HEAD-for-GET rule), without its linear scan: `Router.match` tests every
 * layer's regular expression on every request, so a 1,000-route table was
 * seven times slower than a 10-route one. Here a prefix index hands each
 * request only the layers whose static prefix it has, in registration order.
 *
 * Static segments are case-sensitive (RFC 3986) and a trailing slash is
 * optional, @koa/router's default. Unlike @koa/router, a malformed
 * percent-escape in a parameter is a 400, never the raw text.
 */
export class Matcher {
  private readonly index = new PrefixIndex<Entry>();
  private readonly paramLength: number;

  /** `paramLength`: the longest raw value a named parameter may have (414 above it; wildcards are exempt). */
  constructor(routes: readonly RouteRecord[], { paramLength = 256 }: { paramLength?: number } = {}) {
    this.paramLength = paramLength;
    const router = new Router({ sensitive: true, strict: false });
    for (const route of routes) {
      const methods = route.method === 'ALL' ? ALL_METHODS : [route.method];
      const layer = router.register(route.pattern.matchSource, methods, noop) as unknown as Layer;
      this.index.add(route.pattern.staticSegments(), { layer, route, methods: new Set(layer.methods) });
    }
  }

  /** Every regular expression matching uses, for ReDoS checks (recheck runs over them in the tests). */
  expressions(): RegExp[] {
    return this.index.values().flatMap((entry) => [entry.layer.regexp, ...entry.route.requirements.values()]);
  }

  match(method: string, path: string): MatchResult {
    const entries = this.index.lookup(path);
    const candidates: Candidate[] = [];
    let allowed: Set<string> | undefined;
    for (const entry of entries) {
      const match = entry.layer.regexp.exec(path);
      if (!match) continue;
      const params = requirementsFit(entry, match, this.paramLength);
      if (!params) continue;
      if (entry.methods.has(method)) candidates.push({ route: entry.route, params });
      else if (candidates.length === 0) for (const m of entry.methods) (allowed ??= new Set()).add(m);
    }
    if (candidates.length > 0) return { kind: 'found', candidates };
    return allowed ? { kind: 'method', allowed: [...allowed] } : { kind: 'none' };
  }
}

/** The decoded parameters when the route's requirements accept them, else `null`. */
function requirementsFit(entry: Entry, match: RegExpExecArray, paramLength: number): Record<string, string> | null {
  const params: Record<string, string> = Object.create(null);
  const names = entry.layer.paramNames;
  for (let i = 0; i < names.length; i++) {
    const raw = match[i + 1];
    if (raw === undefined || raw === '') continue;
    if (raw.length > paramLength && names[i].type !== 'wildcard') {
      throw new HttpError(414, 'A path parameter is too long.', { code: 'PARAM_TOO_LONG' });
    }
    try {
      params[names[i].name] = decodeURIComponent(raw);
    } catch {
      throw new BadRequest('Malformed percent-encoding in the URL path.', { code: 'MALFORMED_PATH' });
    }
  }
  for (const [name, requirement] of entry.route.requirements) {
    if (name in params && !requirement.test(params[name])) return null;
  }
  return params;
}

function noop(): void {}
