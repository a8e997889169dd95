import type { RouteInfo } from '../model/info';
import type { VersioningScheme } from '../model/scheme';
import { hostParamsOf } from '../table/host';
import { BaseVersioning } from '../versioning/base';
import { NamespaceVersioning } from '../versioning/namespace';
import { QueryParameterVersioning } from '../versioning/query-parameter';
import { URLPathVersioning } from '../versioning/url-path';

/** The parameter types of every name: what `app.url` needs, and where it differs, what a request needs. */
export interface RouteNameTypes {
  /** `RouteNames`: each name `app.url` reverses, with the parameter types of the routes it can reach. */
  readonly url: Map<string, string[]>;
  /** `RequestRouteNames`: the names whose parameters a request supplies in part, and the names only a request reverses. */
  readonly request: Map<string, string[]>;
}

/**
 * Every name reversal accepts, with the parameter types of the routes it can
 * reach (in registration order), read from `app.routes`: instance names
 * (`author-polls:index`) and application-namespace names (`polls:index`) for
 * `app.url`. A request supplies what its scheme adds (see `supplied`); what a
 * request needs goes to `request`, only where it differs from what `app.url` takes.
 */
export function routeNames(routes: readonly RouteInfo[]): RouteNameTypes {
  const url = new Map<string, string[]>();
  const request = new Map<string, string[]>();
  for (const route of routes) {
    // A RegExp path that is not literals and named groups never reverses (docs/regexp-paths.md#reversal): its names say nothing true.
    if (route.regexp?.irreversible) continue;
    const supplies = supplied(route.versioning);
    const type = paramsType(route, null);
    const requestType = supplies === 'anything' ? ANY_PARAMS : paramsType(route, typeof supplies === 'object' ? supplies.param : null);
    const [version] = route.namespace.split(':');
    for (const name of route.names) {
      add(url, name, type);
      add(request, name, requestType);
      const colon = name.indexOf(':');
      if (supplies === 'namespace' && colon !== -1 && route.versioning?.isAllowedVersion(version)) add(request, name.slice(colon + 1), type);
    }
  }
  // ctx.reverse falls back to plain reversal, so a request's types for a name include app.url's: equal lists say nothing new.
  for (const [name, types] of request) if (url.get(name)?.join('|') === types.join('|')) request.delete(name);
  return { url, request };
}

/** What a request's scheme supplies when it reverses: a parameter, the version namespace, nothing, or anything. */
type Supplied = { param: string } | 'namespace' | 'nothing' | 'anything';

/** What a request needs for a route whose scheme reverses its own way: any parameters. */
const ANY_PARAMS = '{ [param: string]: string | number | readonly (string | number)[] }';

/**
 * What the request's scheme supplies when `ctx.reverse` asks it, read from
 * which reversal the scheme runs: URL-path versioning's fills in its version
 * parameter, namespace versioning's prefixes the version namespace
 * (`users:detail` reaches `v1:users:detail`), the other built-in schemes'
 * leave names and parameters alone. A scheme whose `reverse` or `reverseAny`
 * is its own may supply anything.
 */
function supplied(scheme: VersioningScheme | null): Supplied {
  if (scheme === null) return 'nothing';
  const reversal = (target: object) => (target as { reverseAny?: unknown }).reverseAny;
  if (scheme.reverse !== BaseVersioning.prototype.reverse) return 'anything';
  const own = reversal(scheme);
  if (own === reversal(URLPathVersioning.prototype)) return { param: scheme.versionParam };
  if (own === reversal(NamespaceVersioning.prototype)) return 'namespace';
  if (own === reversal(BaseVersioning.prototype) || own === reversal(QueryParameterVersioning.prototype)) return 'nothing';
  return 'anything';
}

function add(names: Map<string, string[]>, name: string, type: string): void {
  const types = names.get(name);
  if (!types) names.set(name, [type]);
  else if (!types.includes(type)) types.push(type);
}

/**
 * `{ id: string | number; page?: string | number; path: string }`: optional groups, and the parameter the request fills in, optional;
 * a host-bound route's host parameters first, optional where a host is built without them (docs/coming-from-koa-router.md#hosts).
 */
function paramsType(route: RouteInfo, filled: string | null): string {
  const members = hostParamsOf(route.host?.patterns ?? []).map(({ name, optional }) => `${memberName(name)}${optional ? '?' : ''}: string`);
  for (const param of route.parameters) {
    const optional = param.optional || param.name === filled ? '?' : '';
    members.push(`${memberName(param.name)}${optional}: ${param.wildcard ? 'string' : 'string | number'}`);
  }
  return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function memberName(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** A single-quoted TypeScript string literal. */
function quote(text: string): string {
  const escaped = text.replace(/[\\']/g, '\\$&').replace(/[\x00-\x1f\x7f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${escaped}'`;
}

/**
 * The module that fills in `RouteNames` and `RequestRouteNames`
 * (docs/namespaces-and-reversal.md#typed-route-names), names sorted so that
 * the file changes only when the routes do. It is a module that augments
 * `'waymark'`; the app imports it once, type-only, so that every compilation
 * of the app sees it (ts-node compiles only the files a program imports).
 */
export function declarationFile(names: RouteNameTypes): string {
  return [
    '// Generated by `npx waymark types`: the route names of the app, for typed reversal. Do not edit;',
    '// run the command again after changing routes (`--check` tells whether this file is stale).',
    "// Import it once from the module that builds the app: `import type {} from './route-names';`.",
    'export {};',
    '',
    "declare module 'waymark' {",
    '  interface RouteNames {',
    ...members(names.url),
    '  }',
    '  interface RequestRouteNames {',
    ...members(names.request),
    '  }',
    '}',
    '',
  ].join('\n');
}

function members(names: ReadonlyMap<string, readonly string[]>): string[] {
  const sorted = [...names.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map((name) => `    ${quote(name)}: ${(names.get(name) ?? []).join(' | ')};`);
}
