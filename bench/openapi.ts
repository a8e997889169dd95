import 'reflect-metadata';
import { Body, Controller, createApp, Get, include, Param, Post, Query, URLPathVersioning } from '../src';

/**
 * `app.openapi()` over 5,000 routes (issue 14's target: under 1 s), laid out as
 * users write them: everything under `/:version`, 50 controllers of 100 routes,
 * each with a typed path parameter and a requirement, a query parameter, and
 * every tenth with an optional group (two paths) or a body.
 */
const ROUTES = 5_000;
const PER_CONTROLLER = 100;

function controller(index: number): Function {
  class Resource {}
  const prototype = Resource.prototype as unknown as Record<string, unknown>;
  for (let i = 0; i < PER_CONTROLLER; i++) {
    const name = `r${i}`;
    prototype[name] = () => ({ i });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor;
    const withBody = i % 10 === 5;
    Reflect.defineMetadata('design:paramtypes', withBody ? [Number, Object] : [Number, String], prototype, name);
    Param('id')(prototype, name, 0);
    if (withBody) Body()(prototype, name, 1);
    else Query('q')(prototype, name, 1);
    const path = i % 10 === 0 ? `/r${i}/:id{/:page}` : `/r${i}/:id`;
    const options = { name: `r${i}`, requirements: { id: /\d+/ }, summary: `Route ${i} of resource ${index}`, tags: [`res${index}`] };
    (withBody ? Post : Get)(path, options)(prototype, name, descriptor);
  }
  Controller(`/res${index}`, { namespace: `res${index}` })(Resource);
  return Resource;
}

const controllers = Array.from({ length: ROUTES / PER_CONTROLLER }, (_, index) => controller(index));
const app = createApp({
  routes: [include('/:version', controllers)],
  versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs: number[] = [];
let operations = 0;
for (let round = 0; round < 7; round++) {
  const start = process.hrtime.bigint();
  const document = app.openapi({ version: round % 2 === 0 ? 'v1' : 'v2' });
  runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
}
// Every route is in the document (an optional group's second path is a second operation of the same route). Checked through
// the public API: this file loads the bundle (package.json's bench scripts), and an internal module
// imported from src/ would be a second copy, which does not know this app.
const names = Object.values(app.openapi().paths).flatMap((item) => Object.values(item).map((op) => String(op['x-waymark-route'])));
if (new Set(names).size !== ROUTES) throw new Error(`expected ${ROUTES} routes in the document, got ${new Set(names).size}`);
// The first call includes the JIT's warm-up; the target is on the median of 7, as the other benchmarks report medians.
const result = { routes: ROUTES, operations, firstMs: Math.round(runs[0]), medianMs: Math.round(median(runs)), targetMs: 1000 };
process.stdout.write(`${JSON.stringify(result)}\n`);
if (result.medianMs >= result.targetMs) {
  process.stderr.write('app.openapi() for 5,000 routes took 1 s or more\n');
  process.exitCode = 1;
}

/**
 * Components (§25): 1,000 routes whose bodies and responses use a few named
 * schemas (`$id`, as TypeBox writes them) against the same routes with the
 * same schemas unnamed, which the document writes out in full on every
 * route, as every document did before components. Target: named ≤ 1.1 × unnamed.
 */
const COMPONENT_ROUTES = 1_000;

function schemas(named: boolean) {
  const id = (name: string) => (named ? { $id: name } : {});
  const Profile = { ...id('Profile'), type: 'object', required: ['username', 'following'], properties: { username: { type: 'string' }, bio: { type: 'string' }, image: { type: 'string' }, following: { type: 'boolean' } } };
  const Article = {
    ...id('Article'),
    type: 'object',
    required: ['slug', 'title', 'author'],
    properties: { slug: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, body: { type: 'string' }, tagList: { type: 'array', items: { type: 'string' } }, author: Profile },
  };
  const NewArticle = { ...id('NewArticle'), type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 }, body: { type: 'string' } } };
  return { Article, NewArticle, Articles: { type: 'object', properties: { articles: { type: 'array', items: Article }, articlesCount: { type: 'integer' } } } };
}

function componentApp(named: boolean) {
  const { Article, NewArticle, Articles } = schemas(named);
  const controllers = Array.from({ length: COMPONENT_ROUTES / PER_CONTROLLER }, (_, index) => {
    class Resource {}
    const prototype = Resource.prototype as unknown as Record<string, unknown>;
    for (let i = 0; i < PER_CONTROLLER; i++) {
      const name = `r${i}`;
      prototype[name] = () => ({});
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor;
      const withBody = i % 2 === 1;
      Reflect.defineMetadata('design:paramtypes', withBody ? [Object] : [], prototype, name);
      if (withBody) Body({ schema: NewArticle })(prototype, name, 0);
      const responses = { 200: { schema: i % 4 === 0 ? Articles : Article } };
      (withBody ? Post : Get)(`/r${i}`, { name, responses })(prototype, name, descriptor);
    }
    Controller(`/c${index}`, { namespace: `c${index}` })(Resource);
    return Resource;
  });
  return createApp({ routes: controllers });
}

function medianOf(build: () => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < 7; round++) {
    const start = process.hrtime.bigint();
    build();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const namedApp = componentApp(true);
const unnamedApp = componentApp(false);
const namedDocument = namedApp.openapi();
if (Object.keys(namedDocument.components.schemas).length !== 4) throw new Error(`expected Problem and 3 named schemas, got ${Object.keys(namedDocument.components.schemas).join(', ')}`);
const namedMs = medianOf(() => namedApp.openapi());
const unnamedMs = medianOf(() => unnamedApp.openapi());
const components = {
  routes: COMPONENT_ROUTES,
  namedMs: Math.round(namedMs * 10) / 10,
  unnamedMs: Math.round(unnamedMs * 10) / 10,
  ratio: Math.round((namedMs / unnamedMs) * 100) / 100,
  namedBytes: JSON.stringify(namedDocument).length,
  unnamedBytes: JSON.stringify(unnamedApp.openapi()).length,
  targetRatio: 1.1,
};
process.stdout.write(`${JSON.stringify({ components })}\n`);
if (components.ratio > components.targetRatio) {
  process.stderr.write('app.openapi() with components for 1,000 routes took more than 1.1 x the same document without them\n');
  process.exitCode = 1;
}
