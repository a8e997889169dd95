import { expect } from 'chai';
import fc from 'fast-check';
import { pathToRegexp } from 'path-to-regexp';
import { All, Controller, Get, HttpError, Post, Put } from '../../src';
import { Matcher, type Candidate, type MatchResult } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';
import type { RouteRecord } from '../../src/model/route';

/**
 * The segment tree against the plainest matcher there is: each route's own
 * path-to-regexp expression (as @koa/router compiles it), tried on every
 * request in registration order, plus waymark's documented rules (a value
 * reversal could not build never matches; a trailing `/` after a final
 * wildcard is the optional one).
 */
function reference(routes: readonly RouteRecord[], method: string, path: string, paramLength: number): MatchResult {
  const candidates: Candidate[] = [];
  let allowed: Set<string> | undefined;
  for (const [index, route] of routes.entries()) {
    const { regexp, keys } = pathToRegexp(route.pattern.matchSource, { sensitive: true, trailing: true });
    const match = new RegExp(regexp.source, 'd').exec(path);
    if (!match) continue;
    const params: Record<string, string> = Object.create(null);
    let usable = true;
    keys.forEach((key, i) => {
      let raw = match[i + 1];
      if (raw === undefined) return;
      const wildcard = key.type === 'wildcard';
      if (wildcard && match.indices?.[i + 1]?.[1] === path.length && raw.length > 1 && raw.endsWith('/')) raw = raw.slice(0, -1);
      if (!wildcard && raw.length > paramLength) throw new HttpError(414, 'too long', { code: 'PARAM_TOO_LONG' });
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        throw new HttpError(400, 'malformed', { code: 'MALFORMED_PATH' });
      }
      if ((wildcard ? value.split('/') : [value]).some((part) => part === '' || part === '.' || part === '..')) usable = false;
      params[key.name] = value;
    });
    if (!usable) continue;
    if ([...route.requirements].some(([name, requirement]) => name in params && !requirement.test(params[name]))) continue;
    const methods = route.method === 'ALL' ? ['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE'] : route.method === 'GET' ? ['HEAD', 'GET'] : [route.method];
    if (methods.includes(method)) candidates.push({ route, params, index });
    else if (candidates.length === 0) for (const m of methods) (allowed ??= new Set()).add(m);
  }
  if (candidates.length > 0) return { kind: 'found', candidates };
  return allowed ? { kind: 'method', allowed: [...allowed] } : { kind: 'none' };
}

/** The outcome, or the code of the error thrown. */
function outcome(run: () => MatchResult): MatchResult | { kind: 'error'; code: string } {
  try {
    return run();
  } catch (error) {
    return { kind: 'error', code: (error as HttpError).code ?? String(error) };
  }
}

/** One piece of a generated pattern: its text (with `#` for the next parameter name) and how to fill it in a path. */
interface Piece {
  pattern: string;
  fill: (values: string[], pick: number) => string;
}

const anyWords = ['a', 'b', 'v1', 'users', 'x', 'café'];
const words = anyWords;
const common = ['1', '42', '7', 'a', 'b', 'c', 'x', 'v1', 'users'];
const anyValues = [...common, ...common, 'caf%C3%A9', '..', '.', '%2e', 'a-b', 'a.b', '-', '1.json', 'a%2Fb', '%zz', 'y'.repeat(40)];

const plainValues = anyValues.filter((value) => !value.includes('%') && !value.includes('é'));
const plainWords = anyWords.filter((word) => word !== 'café');

const pieceArb: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...words).map((w): Piece => ({ pattern: `/${w}`, fill: () => `/${encodeURI(w)}` })) },
  { weight: 4, arbitrary: fc.constant<Piece>({ pattern: '/:#', fill: (v, i) => `/${v[i % v.length]}` }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Piece>(
      { pattern: '/:#-:#', fill: (v, i) => `/${v[i % v.length]}-${v[(i + 1) % v.length]}` },
      { pattern: '/:#.:#', fill: (v, i) => `/${v[i % v.length]}.${v[(i + 3) % v.length]}` },
      { pattern: '/v:#', fill: (v, i) => `/v${v[i % v.length]}` },
      { pattern: '/:#.json', fill: (v, i) => `/${v[i % v.length]}.json` },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Piece>(
      { pattern: '{/:#}', fill: (v, i) => (i % 2 ? `/${v[i % v.length]}` : '') },
      { pattern: '{/b}', fill: (_v, i) => (i % 2 ? '/b' : '') },
    ),
  },
);

const endArb: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Piece>({ pattern: '', fill: () => '' }) },
  { weight: 1, arbitrary: fc.constant<Piece>({ pattern: '/', fill: () => '/' }) },
  { weight: 2, arbitrary: fc.constant<Piece>({ pattern: '/*#', fill: (v, i) => `/${v[i % v.length]}/${v[(i + 5) % v.length]}` }) },
  { weight: 1, arbitrary: fc.constant<Piece>({ pattern: '/*#/x', fill: (v, i) => `/${v[i % v.length]}/x` }) },
  { weight: 1, arbitrary: fc.constant<Piece>({ pattern: '/*#.:#', fill: (v, i) => `/${v[i % v.length]}/a.${v[(i + 1) % v.length]}` }) },
);

interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'ALL';
  pieces: Piece[];
  requirement: 'none' | 'digits' | 'letters';
}

const routeArb: fc.Arbitrary<RouteSpec> = fc.record({
  method: fc.constantFrom<RouteSpec['method']>('GET', 'GET', 'POST', 'PUT', 'ALL'),
  pieces: fc.tuple(fc.array(pieceArb, { minLength: 0, maxLength: 4 }), endArb).map(([body, end]) => [...body, end]),
  requirement: fc.constantFrom<RouteSpec['requirement']>('none', 'none', 'none', 'none', 'digits', 'letters'),
});

function patternOf(spec: RouteSpec): { path: string; first: string | null } {
  let n = 0;
  const path = spec.pieces.map((piece) => piece.pattern.replace(/#/g, () => `p${n++}`)).join('') || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, first: n > 0 ? 'p0' : null };
}

const decorators = { GET: Get, POST: Post, PUT: Put, ALL: All };

/** A controller class with the generated routes, in order. */
function tableOf(specs: readonly RouteSpec[]): RouteRecord[] {
  class Generated {}
  const prototype = Generated.prototype as unknown as Record<string, unknown>;
  specs.forEach((spec, i) => {
    const { path, first } = patternOf(spec);
    const requirements = first && spec.requirement !== 'none' ? { [first]: spec.requirement === 'digits' ? /\d+/ : /[a-z]+/ } : undefined;
    prototype[`r${i}`] = () => undefined;
    decorators[spec.method](path, { name: `r${i}`, requirements })(prototype, `r${i}`, Object.getOwnPropertyDescriptor(prototype, `r${i}`) as PropertyDescriptor);
  });
  Controller()(Generated);
  return [...buildRouteTable([Generated]).routes];
}

/** Paths: most filled in from a route's own pieces (so they match something), some from unrelated pieces. */
const pathArb = (specs: readonly RouteSpec[], values: readonly string[] = anyValues, words: readonly string[] = anyWords) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ route: fc.nat(specs.length - 1), seed: fc.nat(), trailing: fc.boolean() }).map(({ route, seed, trailing }) => {
        const filled = specs[route].pieces.map((piece, i) => piece.fill(values as string[], seed + i * 7)).join('') || '/';
        return trailing && !filled.endsWith('/') ? `${filled}/` : filled;
      }),
    },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...words.map(encodeURI), ...values, ''), { maxLength: 5 }).map((segments) => `/${segments.join('/')}`) },
  );

const caseArb = fc
  .array(routeArb, { minLength: 1, maxLength: 12 })
  .chain((specs) => fc.record({ specs: fc.constant(specs), path: pathArb(specs), method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE') }));

function simplify(result: MatchResult | { kind: 'error'; code: string }, routes: readonly RouteRecord[]): unknown {
  if (result.kind !== 'found') return result;
  return result.candidates.map((candidate) => ({ route: routes.indexOf(candidate.route), params: { ...candidate.params } }));
}

describe('http/matcher (property: the tree agrees with a linear scan of every route regex)', () => {
  it('returns the same candidates, in registration order, the same 405 methods and the same errors', () => {
    let found = 0;
    let runs = 0;
    const kinds: Record<string, number> = {};
    fc.assert(
      fc.property(caseArb, ({ specs, path, method }) => {
        const routes = tableOf(specs);
        const matcher = new Matcher(routes, { paramLength: 32 });
        const actual = outcome(() => matcher.match(method, path));
        const expected = outcome(() => reference(routes, method, path, 32));
        expect(simplify(actual, routes), `${method} ${path} in ${routes.map((r) => `${r.method} ${r.pattern.source}`).join(', ')}`).to.deep.equal(simplify(expected, routes));
        runs++;
        if (actual.kind === 'found') found++;
        kinds[actual.kind] = (kinds[actual.kind] ?? 0) + 1;
      }),
      { numRuns: 3000 },
    );
    // An implementation that refuses everything agrees with nothing here.
    expect(found / runs, `${JSON.stringify(kinds)} of ${runs} requests`).to.be.at.least(0.25);
    expect((found + (kinds.method ?? 0)) / runs, `${JSON.stringify(kinds)} of ${runs} requests`).to.be.at.least(0.5);
  });

  it('static segments compare percent-decoded: encoding any character but `/` changes nothing', () => {
    const simple = routeArb.filter((spec) => spec.pieces.every((piece) => !/[-.v]:|\.json|\*#[/.]|café/.test(piece.pattern)));
    let found = 0;
    let runs = 0;
    const encodeSome = (path: string, mask: number) =>
      path.replace(/[^/]/g, (char, offset: number) => ((mask >> offset % 30) & 1 ? `%${char.charCodeAt(0).toString(16).padStart(2, '0')}` : char));
    fc.assert(
      fc.property(
        fc.array(simple, { minLength: 1, maxLength: 8 }).chain((specs) => fc.record({ specs: fc.constant(specs), path: pathArb(specs, plainValues, plainWords), mask: fc.nat() })),
        ({ specs, path, mask }) => {
          const routes = tableOf(specs);
          const matcher = new Matcher(routes);
          const encoded = encodeSome(path, mask);
          const plain = outcome(() => matcher.match('GET', path));
          expect(simplify(outcome(() => matcher.match('GET', encoded)), routes), `${encoded} vs ${path}`).to.deep.equal(simplify(plain, routes));
          runs++;
          if (plain.kind === 'found') found++;
        },
      ),
      { numRuns: 1000 },
    );
    expect(found / runs, `${found} of ${runs} requests matched`).to.be.at.least(0.3);
  });
});
