import { expect } from 'chai';
import fc from 'fast-check';
import { pathToRegexp } from 'path-to-regexp';
import { Controller, Get } from '../../src';
import { Matcher } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';
import type { RouteRecord } from '../../src/model/route';
import type { TrailingSlash } from '../../src/model/options';

/**
 * The rule of docs/trailing-slash.md, stated with path-to-regexp as @koa/router
 * configures it: `'optional'` is `trailing: true` (today's matcher), `'strict'`
 * is `trailing: false` (@koa/router's `strict: true`), and `'redirect'` is
 * strict, plus a miss whose other form (slash added or removed) strictly
 * matches a route is a redirect to that form.
 */
function expected(routes: readonly RouteRecord[], mode: TrailingSlash, path: string): { kind: 'found'; route: number; params: Record<string, string> } | { kind: 'redirect'; to: string } | { kind: 'none' } {
  const first = (candidate: string, trailing: boolean) => {
    for (const [index, route] of routes.entries()) {
      const { regexp, keys } = pathToRegexp(route.pattern.matchSource, { sensitive: true, trailing });
      const match = new RegExp(regexp.source, 'd').exec(candidate);
      if (!match) continue;
      const params: Record<string, string> = {};
      let usable = true;
      keys.forEach((key, i) => {
        let raw = match[i + 1];
        if (raw === undefined) return;
        if (key.type === 'wildcard' && trailing && match.indices?.[i + 1]?.[1] === candidate.length && raw.length > 1 && raw.endsWith('/')) raw = raw.slice(0, -1);
        if ((key.type === 'wildcard' ? raw.split('/') : [raw]).some((part) => part === '' || part === '.' || part === '..')) usable = false;
        params[key.name] = raw;
      });
      if (usable) return { kind: 'found' as const, route: index, params };
    }
    return null;
  };
  const asSent = first(path, mode === 'optional');
  if (asSent) return asSent;
  if (mode === 'redirect' && path !== '/') {
    const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
    if (first(other, false)) return { kind: 'redirect', to: other };
  }
  return { kind: 'none' };
}

const pieceArb = fc.constantFrom('/a', '/b', '/users', '/:#', '/:#', '{/:#}', '{/b}', '/:#.json');
const endArb = fc.constantFrom('', '', '/', '/*#', '/*#/x');

const routeArb = fc.tuple(fc.array(pieceArb, { maxLength: 3 }), endArb).map(([body, end]) => {
  let n = 0;
  const path = [...body, end].join('').replace(/#/g, () => `p${n++}`) || '/';
  return path.startsWith('/') ? path : `/${path}`;
});

function tableOf(paths: readonly string[], trailingSlash: TrailingSlash): RouteRecord[] {
  class Generated {}
  const prototype = Generated.prototype as unknown as Record<string, unknown>;
  paths.forEach((path, i) => {
    prototype[`r${i}`] = () => undefined;
    Get(path, `r${i}`)(prototype, `r${i}`, Object.getOwnPropertyDescriptor(prototype, `r${i}`) as PropertyDescriptor);
  });
  Controller()(Generated);
  return [...buildRouteTable([Generated], { trailingSlash }).routes];
}

/** A request path from a route's own pattern (so most requests are near a route), then with its slash toggled, doubled or kept. */
const requestArb = (paths: readonly string[]) =>
  fc.record({ route: fc.nat(paths.length - 1), values: fc.array(fc.constantFrom('1', 'x', 'a', 'b', 'users', 'a/b'), { minLength: 4, maxLength: 4 }), keep: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), ending: fc.constantFrom('as', 'toggle', 'double') }).map(({ route, values, keep, ending }) => {
    let i = 0;
    let filled = paths[route]
      .replace(/\{([^}]*)\}/g, (_group, inner: string) => (keep[i++ % 4] ? inner : ''))
      .replace(/[:*]p(\d+)/g, (_param, n: string) => values[Number(n) % 4].replace('/', Number(n) % 2 ? '/' : '-'));
    if (filled === '') filled = '/';
    if (ending === 'toggle' && filled !== '/') filled = filled.endsWith('/') ? filled.slice(0, -1) : `${filled}/`;
    if (ending === 'double') filled = `${filled}/`;
    return filled;
  });

describe('routing/trailing-slash (property: the matcher against the rule, paths × modes)', () => {
  for (const mode of ['optional', 'strict', 'redirect'] as const) {
    it(`${mode}: matches, redirects and misses as the rule says`, () => {
      const counts = { found: 0, redirect: 0, none: 0 };
      fc.assert(
        fc.property(
          fc.array(routeArb, { minLength: 1, maxLength: 6 }).chain((paths) => fc.record({ paths: fc.constant(paths), path: requestArb(paths) })),
          ({ paths, path }) => {
            const routes = tableOf(paths, mode);
            const matcher = new Matcher(routes);
            const result = matcher.match('GET', path);
            const actual =
              result.kind === 'found'
                ? { kind: 'found', route: routes.indexOf(result.candidates[0].route), params: { ...result.candidates[0].params } }
                : (() => {
                    const to = matcher.slashRedirect('GET', path);
                    return to === null ? { kind: 'none' } : { kind: 'redirect', to };
                  })();
            const want = expected(routes, mode, path);
            if (want.kind === 'found') want.params = Object.fromEntries(Object.entries(want.params).map(([k, v]) => [k, decodeURIComponent(v)]));
            expect(actual, `GET ${path} in ${paths.join(', ')}`).to.deep.equal(want);
            counts[want.kind]++;
          },
        ),
        { numRuns: 1500 },
      );
      // A matcher that refused everything, or redirected nothing, agrees with none of this.
      const total = counts.found + counts.redirect + counts.none;
      expect(counts.found / total, JSON.stringify(counts)).to.be.at.least(0.3);
      if (mode === 'redirect') expect(counts.redirect / total, JSON.stringify(counts)).to.be.at.least(0.1);
      else expect(counts.redirect).to.equal(0);
    });
  }
});
