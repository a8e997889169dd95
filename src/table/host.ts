import { compile as compilePath, match as matchPath, parse, type MatchFunction, type PathFunction } from 'path-to-regexp';
import { ImproperlyConfigured } from '../errors';
import type { RouteHost } from '../model/route';
import { linearRegExp, namedGroups } from '../util/linear-regexp';
import { paramsOf } from './tokens';
import { newParams } from '../util/params';

/** What `host` of `include()` and `@Controller()` takes. */
export type HostOption = string | RegExp | readonly (string | RegExp)[];

interface Alternative {
  readonly source: string;
  readonly params: readonly string[];
  readonly match: (hostname: string) => Record<string, string> | null;
  /** `null` for a RegExp: it builds no host of its own. */
  readonly build: PathFunction<Record<string, string | string[]>> | null;
}

/** A label: letters, digits and `-`, not at either end (RFC 1123), as a built host's labels must be. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A route's hosts (docs/coming-from-koa-router.md#hosts): each string a pattern of labels in the
 * path syntax, `.` the delimiter (`':tenant.example.com'`, `'{:region.}api.example.com'`,
 * `'*sub.example.com'`), matched case-insensitively; each RegExp run on the linear engine, its
 * named groups the host parameters. Matched against the request's host name, lower-cased, without
 * its port or a final dot; a parameter's value is a whole label (a wildcard's, whole labels).
 */
export class HostRule implements RouteHost {
  readonly sources: readonly string[];
  readonly params: readonly string[];
  private readonly alternatives: readonly Alternative[];

  constructor(option: HostOption, where: string) {
    const list = (Array.isArray(option) ? option : [option]) as readonly (string | RegExp)[];
    if (list.length === 0) throw new ImproperlyConfigured(`${where}: host must be a host pattern such as 'api.example.com' or ':tenant.example.com', a RegExp, or a non-empty array of them.`);
    this.alternatives = Object.freeze(list.map((entry) => alternative(entry, where)));
    this.sources = Object.freeze(this.alternatives.map((entry) => entry.source));
    this.params = Object.freeze([...new Set(this.alternatives.flatMap((entry) => entry.params))]);
  }

  match(hostname: string): Record<string, string> | null {
    for (const entry of this.alternatives) {
      const params = entry.match(hostname);
      if (params !== null) return params;
    }
    return null;
  }

  build(values: Readonly<Record<string, unknown>>, current?: string): string | null {
    for (const entry of this.alternatives) {
      if (Object.keys(values).some((name) => !entry.params.includes(name))) continue;
      if (entry.build === null) {
        if (current !== undefined && sameParams(entry.match(current), values)) return current;
        continue;
      }
      let host: string;
      try {
        host = entry.build(Object.fromEntries(Object.keys(values).map((name) => [name, String(values[name]).toLowerCase()])));
      } catch {
        continue;
      }
      // Only a host that matches back is a link to this route: a value with a `.` would shift the labels.
      if (sameParams(entry.match(host), values)) return host;
    }
    return null;
  }
}

function sameParams(found: Record<string, string> | null, values: Readonly<Record<string, unknown>>): boolean {
  if (found === null) return false;
  const names = Object.keys(values);
  return names.length === Object.keys(found).length && names.every((name) => found[name] === String(values[name]).toLowerCase());
}

/** The request's host name as host rules read it: lower-case, no port, no final dot. */
export function hostnameOf(host: string): string {
  let name = host;
  if (name.startsWith('[')) name = name.slice(0, name.indexOf(']') + 1);
  else if (name.includes(':')) name = name.slice(0, name.lastIndexOf(':'));
  name = name.toLowerCase();
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function alternative(entry: string | RegExp, where: string): Alternative {
  if (entry instanceof RegExp) return regExpAlternative(entry, where);
  if (typeof entry !== 'string' || entry === '' || /[/\s]/.test(entry)) {
    throw new ImproperlyConfigured(`${where}: a host must be a pattern of labels such as 'api.example.com' or ':tenant.example.com', or a RegExp; got ${JSON.stringify(entry) ?? String(entry)}.`);
  }
  // Not lower-cased as a whole: that would rename `:Tenant`. Matching ignores case, and a built host is lower-cased.
  const source = entry.replace(/\.$/, '');
  let matcher: MatchFunction<Record<string, string | string[]>>;
  let build: PathFunction<Record<string, string | string[]>>;
  try {
    matcher = matchPath(source, { delimiter: '.', decode: false, sensitive: false });
    build = compilePath(source, { delimiter: '.', encode: false });
  } catch (error) {
    throw new ImproperlyConfigured(`${where}: invalid host pattern '${entry}': ${(error as Error).message}.`);
  }
  const params = [...source.matchAll(/[:*]([A-Za-z_$][\w$]*)/g)].map((found) => found[1]);
  return {
    source,
    params,
    match(hostname) {
      const found = matcher(hostname);
      if (found === false) return null;
      const params = newParams();
      for (const [name, value] of Object.entries(found.params as Record<string, string | string[] | undefined>)) {
        if (value === undefined) continue;
        const labels = Array.isArray(value) ? value : value.split('.');
        if (!labels.every((label) => LABEL.test(label))) return null;
        params[name] = labels.join('.');
      }
      return params;
    },
    // Without encoding, path-to-regexp takes a wildcard's labels as one string.
    build: (values) => build(values ?? {}).toLowerCase(),
  };
}

function regExpAlternative(entry: RegExp, where: string): Alternative {
  const source = `/${entry.source}/${entry.flags}`;
  // The flags' `i` is implied: host names are compared lower-cased.
  const expression = linearRegExp(entry.source, entry.flags.includes('i') ? entry.flags : `${entry.flags}i`, `${where}: host ${source}`);
  const groups = Object.entries(namedGroups(entry.source));
  return {
    source,
    params: groups.map(([name]) => name),
    match(hostname) {
      if (groups.length === 0) return expression.test(hostname) ? newParams() : null;
      const found = expression.exec(hostname);
      if (found === null) return null;
      const params = newParams();
      for (const [name, index] of groups) if (found[index] !== undefined) params[name] = found[index].toLowerCase();
      return params;
    },
    build: null,
  };
}

/**
 * The host parameters of a route's host patterns (`app.routes`' `host.patterns`), in the order
 * they appear, each `optional` when a host is built without it: it sits in an optional group
 * (`'{:region.}api.example.com'`) or another alternative does not have it. A RegExp alternative
 * (`/source/flags`) builds no host of its own, so its named groups count as required.
 */
export function hostParamsOf(patterns: readonly string[]): { name: string; optional: boolean }[] {
  const alternatives = patterns.map((pattern) =>
    pattern.startsWith('/')
      ? Object.keys(namedGroups(pattern.slice(1, pattern.lastIndexOf('/')))).map((name) => ({ name, optional: false }))
      : paramsOf(parse(pattern).tokens),
  );
  const names = [...new Set(alternatives.flatMap((params) => params.map((param) => param.name)))];
  return names.map((name) => ({ name, optional: !alternatives.every((params) => params.some((param) => param.name === name && !param.optional)) }));
}
