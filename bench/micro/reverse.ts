import 'reflect-metadata';
import Router from '@koa/router';
import { Controller, createApp, Get } from '../../src';

/** Reversal with two parameters: waymark's `app.url` against @koa/router's `router.url`, in one process. */
@Controller('/users')
class Users {
  @Get('/:id/posts/:slug', 'post') post() {}
}

const app = createApp({ routes: [Users] });
const router = new Router();
router.get('post', '/users/:id/posts/:slug', () => undefined);

/** An id and a slug, as links mostly carry; and the same with a value that needs percent-encoding. */
const typical = { id: '42', slug: 'hello-world' };
const encoded = { id: '42', slug: 'hello wörld' };
for (const params of [typical, encoded]) {
  if (app.url('post', params) !== router.url('post', params)) throw new Error(`outputs differ: ${app.url('post', params)} vs ${String(router.url('post', params))}`);
}

function opsPerSecond(run: () => unknown, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) run();
  return iterations / (Number(process.hrtime.bigint() - start) / 1e9);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quick = process.argv.includes('--quick');
const iterations = quick ? 50_000 : 200_000;
const rounds = quick ? 3 : 7;
const results = { waymark: [] as number[], koaRouter: [] as number[], waymarkEncoded: [] as number[], koaRouterEncoded: [] as number[] };
for (let round = 0; round < rounds; round++) {
  results.waymark.push(opsPerSecond(() => app.url('post', typical), iterations));
  results.koaRouter.push(opsPerSecond(() => router.url('post', typical), iterations));
  results.waymarkEncoded.push(opsPerSecond(() => app.url('post', encoded), iterations));
  results.koaRouterEncoded.push(opsPerSecond(() => router.url('post', encoded), iterations));
}
process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(results).map(([name, runs]) => [name, median(runs)]))));
