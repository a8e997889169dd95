import { NoReverseMatch } from '../errors';
import type { RouteRecord, RouteTable } from '../model/route';
import { resolveNamespace } from './namespaces';
import { textOf, wildcardText } from './encode';
import { closestNames } from './suggest';
import type { ReverseParams, Values } from '../model/reverse';
import { valueOf } from './pattern';

/**
 * The path of the first route named `name` that the parameters fit, in
 * registration order: its parameter names equal the given ones and the
 * values satisfy its requirements. Throws `NoReverseMatch` otherwise.
 */
export function reversePath(table: RouteTable, name: string, params?: ReverseParams, currentApp?: string): string {
  return reverseRoute(table, name, params, currentApp).path;
}

/** A reversed route: its path, and the host it is bound to (`null`: any host, the path is the link). */
export interface Reversed {
  path: string;
  host: string | null;
}

/**
 * `reversePath`, with the host of a host-bound route (docs/coming-from-koa-router.md#hosts): its
 * host parameters are taken from `params`, the rest build the path. `currentHost` gives the request's
 * host name, the host of a route bound by a RegExp when it matches with the given values.
 */
export function reverseRoute(table: RouteTable, name: string, params?: ReverseParams, currentApp?: string, currentHost?: () => string): Reversed {
  const candidates = resolve(table, name, currentApp);
  for (const route of candidates) {
    if (route.host != null) {
      const built = tryHostRoute(route, params, currentHost);
      if (built !== null) return built;
      continue;
    }
    const built = tryRoute(route, params);
    if (built !== null) return { path: built, host: null };
  }
  // A RegExp path that is not literals and named groups never reverses: say why (docs/regexp-paths.md#reversal).
  const tried = candidates.map((route) => (route.pattern.regexp?.irreversible ? `'${route.pattern.source}' (not reversible: ${route.pattern.regexp.irreversible})` : `'${route.pattern.source}'`)).join(', ');
  throw new NoReverseMatch(
    `Reverse for '${name}' with params ${describe(params)} not found. ${candidates.length} pattern(s) tried: [${tried}].`,
  );
}

/** Resolved names, per table; only successes are kept, and at most this many. */
const resolved = new WeakMap<RouteTable, Map<string, readonly RouteRecord[]>>();
const RESOLVED_LIMIT = 4096;

function resolve(table: RouteTable, name: string, currentApp: string | undefined): readonly RouteRecord[] {
  if (typeof name !== 'string' || name === '') throw new NoReverseMatch(`Reverse for ${JSON.stringify(name)}: a route name must be a non-empty string.`);
  let cache = resolved.get(table);
  if (!cache) resolved.set(table, (cache = new Map()));
  const key = currentApp ? `${currentApp}\u0000${name}` : name;
  const hit = cache.get(key);
  if (hit) return hit;
  const path = name.split(':');
  const view = path.pop() as string;
  const candidates = resolveNamespace(table.root, path, currentApp).routesNamed(view);
  if (!candidates) {
    const suggestions = closestNames(table, name);
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : '';
    throw new NoReverseMatch(`Reverse for '${name}' not found. '${name}' is not a known route name.${hint}`);
  }
  if (cache.size < RESOLVED_LIMIT) cache.set(key, candidates);
  return candidates;
}

const NONE: Values = new Map();

function tryHostRoute(route: RouteRecord, params: ReverseParams | undefined, currentHost: (() => string) | undefined): Reversed | null {
  const host = route.host as NonNullable<RouteRecord['host']>;
  const values = valuesFor(route, params);
  if (values === null || Array.isArray(params)) return null;
  const hostValues: Record<string, unknown> = {};
  const pathValues = new Map<string, unknown>();
  for (const [key, value] of values instanceof Map ? values : Object.entries(values)) {
    if (host.params.includes(key as string)) hostValues[key as string] = value;
    else pathValues.set(key as string, value);
  }
  for (const name of Object.keys(hostValues)) {
    const requirement = route.requirements.get(name);
    if (requirement !== undefined && !requirement.test(String(hostValues[name]))) return null;
  }
  const hostname = host.build(hostValues, currentHost?.());
  if (hostname === null) return null;
  const path = tryRoute(route, pathValues as unknown as ReverseParams);
  return path === null ? null : { path, host: hostname };
}

/**
 * The path of one route (or a bare pattern: `url()`) for `params`, or `null`
 * when they do not fit: named or positional values, its requirements checked.
 */
export function tryRoute(route: Pick<RouteRecord, 'pattern' | 'requirements'>, params: ReverseParams | undefined): string | null {
  const values = valuesFor(route, params);
  if (values === null) return null;
  if (route.requirements.size > 0) return checked(route, values);
  return route.pattern.build(values);
}

function checked(route: Pick<RouteRecord, 'pattern' | 'requirements'>, values: Values): string | null {
  for (const [param, requirement] of route.requirements) {
    const value = valueOf(values, param);
    if (value === undefined) continue;
    const text = route.pattern.isWildcard(param) ? wildcardText(value) : textOf(value);
    if (text === null || !requirement.test(text)) return null;
  }
  return route.pattern.build(values);
}

function valuesFor(route: Pick<RouteRecord, 'pattern'>, params: ReverseParams | undefined): Values | null {
  if (params === undefined || params === null) return NONE;
  if (Array.isArray(params)) {
    const names = route.pattern.params;
    if (params.length > names.length) return null;
    return new Map(params.map((value, index) => [names[index].name, value]));
  }
  return typeof params === 'object' ? (params as Values) : null;
}

/** The given parameters as the message of a `NoReverseMatch` shows them. */
export function describe(params: ReverseParams | undefined): string {
  try {
    return JSON.stringify(params ?? {}, (_key, value) => (value === undefined ? '<undefined>' : value)) ?? '{}';
  } catch {
    return '<unprintable>';
  }
}
