import 'reflect-metadata';
import { Controller, Get, include, Param } from '../../src';
import type * as MatcherModule from '../../src/routing/matcher';
import type * as BuilderModule from '../../src/table/builder';
import { githubRoutes, layouts, requestPath, type Layout } from '../shared/github';
import { internal } from '../shared/internal';
import { controllerOf, filler } from '../shared/waymark-routes';

const { Matcher } = internal<typeof MatcherModule>('routing/matcher');
const { buildRouteTable } = internal<typeof BuilderModule>('table/builder');
type Matcher = MatcherModule.Matcher;

/**
 * In-process lookup cost (ns per `match`), for development: the same tables
 * as the HTTP rows, without Koa or sockets. `node bench/.build/bench/micro/match.js`.
 */
@Controller('/users')
class Users {
  @Get('/:id', 'users-detail') detail(@Param('id') id: string) {
    return { id };
  }
}

function mount(routes: Function[], layout: Layout) {
  if (layout === 'flat') return routes;
  if (layout === 'version') return [include('/:version', routes)];
  return [include('/v1', routes, { namespace: 'v1' }), include('/v2', routes, { namespace: 'v2' })];
}

function nsPerOp(matcher: Matcher, requests: { method: string; path: string }[], iterations: number): number {
  let found = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const request = requests[i % requests.length];
    if (matcher.match(request.method, request.path).kind === 'found') found++;
  }
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  if (found !== iterations) throw new Error(`only ${found} of ${iterations} lookups matched`);
  return ns;
}

const iterations = process.argv.includes('--quick') ? 200_000 : 1_000_000;
const rows: string[] = [];
for (const layout of layouts) {
  for (const size of [10, 1000, 5000]) {
    const matcher = new Matcher(buildRouteTable(mount([...filler(size - 1), Users], layout)).routes);
    const path = layout === 'flat' ? '/users/42' : '/v1/users/42';
    nsPerOp(matcher, [{ method: 'GET', path }], iterations / 10);
    rows.push(`${layout.padEnd(10)} ${String(size).padStart(5)} routes  ${nsPerOp(matcher, [{ method: 'GET', path }], iterations).toFixed(0).padStart(6)} ns`);
  }
  const github = githubRoutes();
  const matcher = new Matcher(buildRouteTable(mount([controllerOf(github.map((r, i) => ({ method: r.method, path: r.pattern, name: `g${i}` })), () => () => null)], layout)).routes);
  const requests = github.map((route, index) => ({ method: route.method, path: requestPath(route, layout, index) }));
  nsPerOp(matcher, requests, iterations / 10);
  rows.push(`${layout.padEnd(10)} github API    ${nsPerOp(matcher, requests, iterations).toFixed(0).padStart(6)} ns`);
}
console.log(rows.join('\n'));
