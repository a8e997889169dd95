import { httpError } from '../errors';
import type { RouteRecord } from '../model/route';
import { Interner, Node, type Leaf } from './tree/node';
import { search, type Hit } from './tree/search';
import { methodsOf } from '../table/methods';
import { isSimple } from '../table/parse';
import { formsOf } from './tree/steps';
import { regexpForms, regexpParams } from './regexp-leaf';
import { newParams } from '../util/params';

/** A route whose pattern, method and requirements fit the request, with its decoded parameters. */
export interface Candidate {
  route: RouteRecord;
  params: Record<string, string>;
  /** The route's place in the table the matcher was built from. */
  index: number;
  /** A RegExp route's groups as matched, in order (`ctx.captures`, docs/regexp-paths.md); absent for a pattern. */
  captures?: readonly (string | undefined)[];
}

export type MatchResult =
  | { kind: 'found'; candidates: Candidate[] }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

/** One form of a route, as a leaf of the tree, with what matching needs of the route. */
interface RouteLeaf extends Leaf {
  readonly route: RouteRecord;
  /** The methods the route answers, HEAD included for GET (@koa/router's rule and order). */
  readonly methods: readonly string[];
  /** The route's requirements, `null` when it has none (most routes: no iterator per request). */
  readonly requirements: readonly [string, RegExp][] | null;
  /** `trailingSlash` is `'strict'` or `'redirect'`: a hit through the optional trailing `/` is not this route's. */
  readonly strict: boolean;
  /** A RegExp route's groups (docs/regexp-paths.md), `null` for a pattern. */
  readonly groups: readonly (string | null)[] | null;
}

const NONE: MatchResult = Object.freeze({ kind: 'none' });

/**
 * Finds the routes a request's method and path select, in registration
 * order, with a segment tree (find-my-way's design: static children before
 * parameters before wildcards) built from path-to-regexp's parse of each
 * pattern, so the cost follows the path's depth, never the table's size or
 * layout (`include('/:version', ...)` included). Mixed segments
 * (`/:name.:ext`) and what follows a wildcard use path-to-regexp's own
 * expression for that part, at their place in the tree.
 *
 * Matching is path-to-regexp's, as @koa/router configures it (case-sensitive
 * static text, an optional trailing slash, HEAD for GET), except that:
 * a static segment is compared percent-decoded (`/%76%31` is `/v1`; an
 * encoded `/` stays inside its segment); a parameter whose value decodes to
 * `''`, `.` or `..` (a wildcard: any of its `/`-separated parts) never
 * matches, as reversal could never build it; a trailing `/` after a final
 * wildcard is the optional one; a malformed percent-escape in a parameter
 * is a 400 and an over-long one a 414, never the raw text.
 */
export class Matcher {
  private readonly root = new Node<RouteLeaf>();
  private readonly paramLength: number;
  /** Every method some route answers (docs/methods.md: any other is a 501). */
  private readonly declared = new Set<string>(['HEAD', 'OPTIONS', 'GET']);
  /** Whether some route has `trailingSlash: 'redirect'`: without one, a miss tries no other form. */
  private readonly redirects: boolean = false;
  /** Whether a route is bound to a host: only then does the dispatcher read the host before matching. */
  readonly hasHosts: boolean;

  /** `paramLength`: the longest raw value a named parameter may have (414 above it; wildcards are exempt). */
  constructor(routes: readonly RouteRecord[], { paramLength = 256 }: { paramLength?: number } = {}) {
    this.paramLength = paramLength;
    const intern = new Interner();
    let hasHosts = false;
    // Indexed loops, no closure per route: this runs once per route at start-up.
    for (let order = 0; order < routes.length; order++) {
      const route = routes[order];
      const requirements = route.requirements.size > 0 ? [...route.requirements] : null;
      const methods = methodsOf(route.method);
      for (let m = 0; m < methods.length; m++) this.declared.add(methods[m]);
      if (route.host != null) hasHosts = true;
      const strict = route.trailingSlash !== 'optional';
      if (route.trailingSlash === 'redirect') this.redirects = true;
      const regexp = route.pattern.regexp;
      if (regexp !== null) {
        const forms = regexpForms(regexp, strict);
        for (let index = 0; index < forms.length; index++) {
          this.root.insert(forms[index], { order, form: index, shape: intern.shape(forms[index]), route, methods, requirements, strict, groups: regexp.groups }, intern);
        }
        continue;
      }
      if (isSimple(route.pattern.source)) {
        const leaf: RouteLeaf = { order, form: 0, shape: intern.simpleShape(route.pattern.params), route, methods, requirements, strict, groups: null };
        this.root.insertSimple(route.pattern.source, leaf, intern);
        continue;
      }
      const forms = formsOf(route.pattern.tokens, strict);
      for (let index = 0; index < forms.length; index++) {
        const leaf: RouteLeaf = { order, form: index, shape: intern.shape(forms[index]), route, methods, requirements, strict, groups: null };
        this.root.insert(forms[index], leaf, intern);
      }
    }
    this.hasHosts = hasHosts;
  }

  /**
   * Whether some route of the table answers `method`. GET, HEAD and OPTIONS
   * always count: RFC 9110 §9.1 requires every server to support GET and HEAD,
   * and waymark answers OPTIONS itself.
   */
  implements(method: string): boolean {
    return this.declared.has(method);
  }

  /**
   * `hostname`: the request's host name, lower-case, without its port (table/host.ts `hostnameOf`);
   * read only when `hasHosts`. A route bound to other hosts is as if absent.
   */
  match(method: string, path: string, hostname = ''): MatchResult {
    if (path.charCodeAt(0) !== 47) return NONE;
    const hits = search(this.root, path);
    if (hits.length === 0) return NONE;
    if (hits.length > 1) hits.sort(byOrder);
    const candidates: Candidate[] = [];
    let allowed: Set<string> | undefined;
    let previous = -1;
    for (const hit of hits) {
      if (hit.slashed && hit.leaf.strict) continue;
      // Of one route's forms, path-to-regexp keeps the first that fits the path.
      if (hit.leaf.order === previous) continue;
      previous = hit.leaf.order;
      const { route, methods } = hit.leaf;
      const hostParams = route.host == null ? null : route.host.match(hostname);
      if (hostParams === null && route.host != null) continue;
      const serves = methods.includes(method);
      if (hit.leaf.groups !== null) {
        const found = regexpParams(hit.captures.raw, hit.leaf.shape.names, hit.leaf.groups, this.paramLength);
        if (found !== null && hostParams !== null) Object.assign(found.params, hostParams);
        if (found === null || !this.meets(hit.leaf, found.params)) continue;
        if (serves) candidates.push({ route, params: found.params, index: hit.leaf.order, captures: found.captures });
        else if (candidates.length === 0) for (const m of methods) (allowed ??= new Set()).add(m);
        continue;
      }
      if (!serves && candidates.length > 0) {
        // Only its errors could still matter (a malformed escape is a 400 whichever route meets it first).
        hit.captures.decoded ??= decodeAll(hit.captures.raw, hit.leaf, this.paramLength);
        continue;
      }
      const params = this.paramsOf(hit, hostParams);
      if (params === null) continue;
      if (serves) candidates.push({ route, params, index: hit.leaf.order });
      else for (const m of methods) (allowed ??= new Set()).add(m);
    }
    if (candidates.length > 0) return { kind: 'found', candidates };
    return allowed ? { kind: 'method', allowed: [...allowed] } : NONE;
  }

  /**
   * For a path that matched nothing: the path with its trailing `/` added or
   * removed when a `trailingSlash: 'redirect'` route serves `method` there
   * (Django's `APPEND_SLASH`, both ways), else `null`. Only misses ask.
   */
  slashRedirect(method: string, path: string, hostname = ''): string | null {
    if (!this.redirects || path === '/') return null;
    const other = path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : `${path}/`;
    const result = this.match(method, other, hostname);
    return result.kind === 'found' && result.candidates.some((candidate) => candidate.route.trailingSlash === 'redirect') ? other : null;
  }

  /** The decoded parameters when they are usable and the route's requirements accept them, else `null`. */
  private paramsOf({ leaf, captures }: Hit<RouteLeaf>, hostParams: Record<string, string> | null): Record<string, string> | null {
    const decoded = (captures.decoded ??= decodeAll(captures.raw, leaf, this.paramLength));
    const params: Record<string, string> = hostParams === null ? newParams() : Object.assign(newParams(), hostParams);
    for (let i = 0; i < decoded.length; i++) {
      const value = decoded[i];
      if (leaf.shape.wildcards[i] ? !wholeParts(value) : !usable(value)) return null;
      params[leaf.shape.names[i]] = value;
    }
    return this.meets(leaf, params) ? params : null;
  }

  /** Whether the route's requirements accept the values (a parameter absent from them is not checked). */
  private meets(leaf: RouteLeaf, params: Record<string, string>): boolean {
    const requirements = leaf.requirements;
    if (requirements !== null) {
      for (const [name, requirement] of requirements) if (name in params && !requirement.test(params[name])) return false;
    }
    return true;
  }
}

function decodeAll(raw: readonly string[], leaf: Leaf, paramLength: number): string[] {
  const decoded: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let value = raw[i];
    if (leaf.shape.wildcards[i]) {
      if (leaf.shape.terminalWildcard && i === raw.length - 1 && value.length > 1 && value.endsWith('/')) value = value.slice(0, -1);
    } else if (value.length > paramLength) {
      throw httpError('PARAM_TOO_LONG');
    }
    try {
      decoded.push(value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      throw httpError('MALFORMED_PATH');
    }
  }
  return decoded;
}

/** A value reversal can put back into one segment: not empty, `.` or `..`. */
function usable(value: string): boolean {
  return value !== '' && value !== '.' && value !== '..';
}

/** A wildcard value reversal can put back: each of its `/`-separated parts usable. */
function wholeParts(value: string): boolean {
  if (value.indexOf('.') === -1 && value.indexOf('//') === -1) return value !== '' && !value.startsWith('/') && !value.endsWith('/');
  return value.split('/').every(usable);
}

function byOrder(a: Hit<Leaf>, b: Hit<Leaf>): number {
  return a.leaf.order - b.leaf.order || a.leaf.form - b.leaf.form;
}
