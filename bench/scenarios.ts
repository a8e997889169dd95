import { body } from './shared/body';
import { uploadBody, uploadType } from './shared/upload';
import { githubRequests, layouts, type Layout } from './shared/github';
import { peerComparisons, peerScenarios, peerStartupRows, peerTargets } from './peers';

/** One request a client sends; a row's requests are cycled, one after the other, on every connection. */
export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One row of the table: a server (a compiled file of `bench/servers/`) and what the client sends it. */
export interface Scenario {
  name: string;
  /** File name in `bench/servers/` without extension. */
  server: string;
  args?: string[];
  /** Default: `GET /users/42`. */
  requests?: BenchRequest[];
  /** Sent with every request, after `Accept: application/json` (which a scenario may override). */
  headers?: Record<string, string>;
  /** `false`: left out of `--quick` runs. */
  quick?: boolean;
}

/** A ratio printed under the targets for comparison, judged by nothing (what a target is measured against). */
export interface Comparison {
  name: string;
  value: (m: Measurements) => number;
}

/** A target ratio printed under the table; `value` reads the measurements (see run.ts). */
export interface Target {
  name: string;
  value: (m: Measurements) => number;
  needed: number;
  direction?: 'at least' | 'at most';
}

export interface Measurements {
  /** Median over rounds of a.rps / b.rps measured in the same round. */
  ratio(a: string, b: string): number;
  rssLoaded(name: string): number;
  /** Idle RSS (MiB, after GC) and build time (ms) of a table-size row, by its name and size. */
  startup(name: string, size: number): { rssMiB: number; buildMs: number } | undefined;
  reverse: { waymark: number; koaRouter: number };
  /** `history.convert()` of a 20-field record two versions back, and the same conversion inside a request, in ns. */
  convert: { convertNs: number; inRequestNs: number };
}

const waymark = (name: string, args: string[], extra: Partial<Scenario> = {}): Scenario => ({ name, server: 'waymark', args, ...extra });
const versioned: BenchRequest[] = [{ path: '/v1/users/42' }];
const bearer = { authorization: 'Bearer bench' };
const post: BenchRequest[] = [{ method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body }];
const upload: BenchRequest[] = [{ method: 'POST', path: '/upload', headers: { 'content-type': uploadType }, body: uploadBody }];
const layoutName: Record<Layout, string> = { flat: 'flat', version: 'under /:version', namespace: 'namespace includes' };

/** The GitHub API set in one layout, for waymark and its two peers: one request per route, cycled. */
const github = (layout: Layout): Scenario[] =>
  [
    ['waymark', 'github-waymark'],
    ['koa + @koa/router', 'github-koa-router'],
    ['fastify', 'github-fastify'],
  ].map(([who, server]) => ({ name: `GitHub API ${layoutName[layout]}: ${who}`, server, args: ['--layout', layout], requests: githubRequests(layout) }));

/**
 * Every row, in the order they run in each round. To add a row: a server in
 * `bench/servers/` (it calls `serve()` or `announce()` from `servers/serve.ts`)
 * and an entry here; a target below if it has one.
 */
export const scenarios: Scenario[] = [
  { name: 'raw node:http', server: 'raw' },
  { name: 'fastify', server: 'fastify' },
  { name: 'koa, one middleware', server: 'koa' },
  { name: 'koa, one middleware, five lifecycle headers by hand', server: 'koa', args: ['--lifecycle-headers'] },
  { name: 'koa + @koa/router', server: 'koa-router', args: ['--routes', '10'] },
  { name: 'koa + @koa/router, 100 routes', server: 'koa-router', args: ['--routes', '100'], quick: false },
  { name: 'koa + @koa/router, 1000 routes', server: 'koa-router', args: ['--routes', '1000'] },
  { name: 'koa + @koa/router, 5000 routes', server: 'koa-router', args: ['--routes', '5000'], quick: false },
  { name: 'routing-controllers', server: 'routing-controllers' },
  waymark('waymark', ['--routes', '10']),
  waymark('waymark, 100 routes', ['--routes', '100'], { quick: false }),
  waymark('waymark, 1000 routes', ['--routes', '1000']),
  waymark('waymark, 5000 routes', ['--routes', '5000']),
  waymark('waymark under /:version', ['--routes', '10', '--layout', 'version'], { requests: versioned }),
  waymark('waymark under /:version, 1000 routes', ['--routes', '1000', '--layout', 'version'], { requests: versioned }),
  waymark('waymark under /:version, 5000 routes', ['--routes', '5000', '--layout', 'version'], { requests: versioned }),
  waymark('waymark namespace includes', ['--routes', '10', '--layout', 'namespace'], { requests: versioned }),
  waymark('waymark namespace includes, 1000 routes', ['--routes', '1000', '--layout', 'namespace'], { requests: versioned, quick: false }),
  waymark('waymark namespace includes, 5000 routes', ['--routes', '5000', '--layout', 'namespace'], { requests: versioned }),
  waymark('waymark + accept-header', ['--scheme', 'accept-header'], { headers: { accept: 'application/json; version=v1' } }),
  waymark('waymark + url-path', ['--scheme', 'url-path'], { requests: versioned }),
  waymark('waymark + url-path + lifecycle headers', ['--scheme', 'url-path-lifecycle'], { requests: versioned }),
  waymark('waymark + namespace', ['--scheme', 'namespace'], { requests: versioned }),
  waymark('waymark + host-name', ['--scheme', 'host-name'], { headers: { host: 'v1.example.com' } }),
  waymark('waymark + query-parameter', ['--scheme', 'query-parameter'], { requests: [{ path: '/users/42?version=v1' }] }),
  waymark('waymark + ctx.reverse', ['--reverse']),
  waymark('waymark, token header', ['--routes', '10'], { headers: bearer }),
  waymark('waymark, JSON+CSV renderers answering JSON', ['--routes', '10', '--csv']),
  waymark('waymark + @Use guard', ['--routes', '10', '--guard'], { headers: bearer }),
  waymark('waymark + parameter hook', ['--routes', '10', '--param-hook'], { headers: bearer }),
  waymark('waymark 404, problem document', ['--routes', '10'], { requests: [{ path: '/nowhere/42' }] }),
  waymark('waymark 404, errors.render', ['--routes', '10', '--errors'], { requests: [{ path: '/nowhere/42' }] }),
  { name: 'POST JSON: waymark @Body()', server: 'body', requests: post },
  { name: 'POST JSON: waymark @Body({ schema })', server: 'body', args: ['--schema'], requests: post },
  { name: 'POST JSON: waymark @Body({ schema: zod })', server: 'body', args: ['--zod'], requests: post },
  { name: 'POST JSON: koa + koa-bodyparser', server: 'koa-body', requests: post },
  { name: 'POST JSON: fastify + schema', server: 'fastify-body', requests: post },
  { name: 'multipart 1 MiB to disk: waymark @File()', server: 'upload', requests: upload },
  { name: 'multipart 1 MiB to disk: busboy alone on node:http', server: 'busboy', requests: upload },
  { name: 'contract: 20 fields, no response schema', server: 'contract' },
  { name: 'contract: 20 fields, response schema', server: 'contract', args: ['--schema'] },
  { name: 'contract: 20 fields, body written in advance', server: 'contract', args: ['--written'] },
  { name: 'contract: fastify, 20 fields, no response schema', server: 'fastify-contract' },
  { name: 'contract: fastify, 20 fields, response schema', server: 'fastify-contract', args: ['--schema'] },
  { name: 'contract: fastify, 20 fields, body written in advance', server: 'fastify-contract', args: ['--written'] },
  { name: 'contract: 20 fields, response schema, validateResponses: false', server: 'contract', args: ['--schema', '--validate-off'] },
  { name: 'contract: 20 fields, response schema, validateResponses: true', server: 'contract', args: ['--schema', '--validate'], quick: false },
  { name: 'declared: status, headers, custom parameter, cookie', server: 'declared', headers: { Cookie: 'theme=dark' } },
  { name: 'declared: the same route with ctx', server: 'declared', args: ['--ctx'], headers: { Cookie: 'theme=dark' } },
  { name: 'history: newest version, no history', server: 'history', requests: [{ path: '/users/42?version=v3' }] },
  { name: 'history: newest version, history declared', server: 'history', args: ['--history'], requests: [{ path: '/users/42?version=v3' }] },
  { name: 'history: two versions back, two converters', server: 'history', args: ['--history'], requests: [{ path: '/users/42?version=v1' }] },
  // Versions per client (docs/pinning.md): requests that name no version, with an API key.
  { name: 'pinning: no version named, no pinning', server: 'pinning', headers: { 'x-api-key': 'bench' } },
  { name: 'pinning: no version named, in-memory store', server: 'pinning', args: ['--pinning'], headers: { 'x-api-key': 'bench' } },
  { name: 'pinning: no version named, no pinning, its two headers by hand', server: 'pinning', args: ['--headers-by-hand'], headers: { 'x-api-key': 'bench' } },
  // Requests to a deprecated version: no OpenTelemetry API and no hook, the API without an SDK, the SDK's counter.
  { name: 'telemetry: deprecated version, no OTel API, no hook', server: 'telemetry', args: ['--no-otel'], requests: versioned },
  { name: 'telemetry: deprecated version, OTel API, no SDK', server: 'telemetry', requests: versioned },
  { name: 'telemetry: deprecated version, OTel SDK counter', server: 'telemetry', args: ['--sdk'], requests: versioned },
  // Routing features planned at build (docs/trailing-slash.md, docs/regexp-paths.md): GET /users/42 among ten routes.
  { name: 'router: /users/:id, trailingSlash optional', server: 'router-paths', args: ['--trailing', 'optional'] },
  { name: 'router: /users/:id, trailingSlash redirect, matched as sent', server: 'router-paths', args: ['--trailing', 'redirect'] },
  { name: 'router: the same path as a RegExp route', server: 'router-paths', args: ['--regexp'] },
  ...layouts.flatMap(github),
  // docs/coming-from-koa-router.md#hosts: 20 routes bound to a host at the paths of the set's first 20, requested on no such host.
  { name: 'GitHub API flat: waymark, 20 host-bound routes added', server: 'github-waymark', args: ['--layout', 'flat', '--hosts', '20'], requests: githubRequests('flat') },
  // The frameworks a user would pick instead, row by row (bench/peers.ts).
  ...peerScenarios,
];

/** Table sizes for idle RSS and build time (`createApp`, or registering the routes): one process per size, no load. */
export const startupRows: { name: string; server: string; args: (size: number) => string[]; sizes?: number[] }[] = [
  { name: 'koa + @koa/router', server: 'koa-router', args: (size) => ['--routes', String(size)] },
  { name: 'waymark', server: 'waymark', args: (size) => ['--routes', String(size)] },
  { name: 'waymark under /:version', server: 'waymark', args: (size) => ['--routes', String(size), '--layout', 'version'] },
  { name: 'waymark namespace includes', server: 'waymark', args: (size) => ['--routes', String(size), '--layout', 'namespace'] },
  ...peerStartupRows,
];
export const startupSizes = [10, 1000, 5000];

const waymarkLayouts = ['waymark', 'waymark under /:version', 'waymark namespace includes'];
const schemes = ['accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];
const sizeTargets = (row: string): Target[] =>
  [1000, 5000].map((size) => ({ name: `${row}: ${size} routes / 10`, value: (m) => m.ratio(`${row}, ${size} routes`, row), needed: 0.9 }));

export const targets: Target[] = [
  { name: 'waymark / koa, one middleware', value: (m) => m.ratio('waymark', 'koa, one middleware'), needed: 0.95 },
  { name: 'waymark / koa + @koa/router (10 routes)', value: (m) => m.ratio('waymark', 'koa + @koa/router'), needed: 1.0 },
  ...schemes.map((s): Target => ({ name: `waymark + ${s} / waymark`, value: (m) => m.ratio(`waymark + ${s}`, 'waymark'), needed: 0.9 })),
  // A second renderer on the route costs Vary: Accept and nothing else (docs/renderers-and-parsers.md).
  { name: 'waymark, JSON+CSV renderers answering JSON / waymark', value: (m) => m.ratio('waymark, JSON+CSV renderers answering JSON', 'waymark'), needed: 0.97 },
  // Restated (docs/performance.md): five more headers cost any Koa app about 11% of a small response (node's own
  // validation and writing of each); what waymark adds to that is held, as the same five set by hand in Koa.
  {
    name: 'lifecycle headers: waymark url-path / the same five headers by hand in Koa',
    value: (m) => m.ratio('waymark + url-path + lifecycle headers', 'waymark + url-path') / m.ratio('koa, one middleware, five lifecycle headers by hand', 'koa, one middleware'),
    needed: 0.97,
  },
  ...sizeTargets('waymark'),
  ...sizeTargets('waymark under /:version'),
  ...sizeTargets('waymark namespace includes'),
  { name: 'waymark 1000 routes / koa + @koa/router 1000', value: (m) => m.ratio('waymark, 1000 routes', 'koa + @koa/router, 1000 routes'), needed: 6 },
  ...layouts.map((layout): Target => ({
    name: `GitHub API ${layoutName[layout]}: waymark / koa + @koa/router`,
    value: (m) => m.ratio(`GitHub API ${layoutName[layout]}: waymark`, `GitHub API ${layoutName[layout]}: koa + @koa/router`),
    needed: 1.3,
  })),
  { name: 'GitHub API waymark: under /:version / flat', value: (m) => m.ratio('GitHub API under /:version: waymark', 'GitHub API flat: waymark'), needed: 0.9 },
  // An app's own error format costs its render call and nothing else (docs/errors.md#your-own-error-format).
  { name: 'waymark 404: errors.render / problem document', value: (m) => m.ratio('waymark 404, errors.render', 'waymark 404, problem document'), needed: 0.95 },
  { name: 'waymark + parameter hook / the same work in a @Use guard', value: (m) => m.ratio('waymark + parameter hook', 'waymark + @Use guard'), needed: 0.97 },
  {
    name: 'GitHub API flat: waymark with 20 host-bound routes / without',
    value: (m) => m.ratio('GitHub API flat: waymark, 20 host-bound routes added', 'GitHub API flat: waymark'),
    needed: 0.95,
  },
  { name: 'waymark + @Use guard / waymark (same request)', value: (m) => m.ratio('waymark + @Use guard', 'waymark, token header'), needed: 0.95 },
  { name: 'POST JSON: waymark with schema / without', value: (m) => m.ratio('POST JSON: waymark @Body({ schema })', 'POST JSON: waymark @Body()'), needed: 0.9 },
  { name: 'multipart 1 MiB to disk: waymark / busboy alone', value: (m) => m.ratio('multipart 1 MiB to disk: waymark @File()', 'multipart 1 MiB to disk: busboy alone on node:http'), needed: 0.67 },
  { name: 'POST JSON: waymark zod / ajv schema', value: (m) => m.ratio('POST JSON: waymark @Body({ schema: zod })', 'POST JSON: waymark @Body({ schema })'), needed: 0.9 },
  // Restated (docs/performance.md#the-open-targets): what stands between a response schema and a body written in
  // advance is fast-json-stringify's generated code, so the schema route is held to what every JSON route pays anyway.
  {
    name: 'contract: response schema / no response schema (JSON.stringify)',
    value: (m) => m.ratio('contract: 20 fields, response schema', 'contract: 20 fields, no response schema'),
    needed: 0.97,
  },
  {
    name: 'contract: validateResponses: false / option absent',
    value: (m) => m.ratio('contract: 20 fields, response schema, validateResponses: false', 'contract: 20 fields, response schema'),
    needed: 0.97,
  },
  {
    name: 'history: newest with a history / without',
    value: (m) => m.ratio('history: newest version, history declared', 'history: newest version, no history'),
    needed: 0.97,
  },
  {
    name: 'history: two versions back / newest',
    value: (m) => m.ratio('history: two versions back, two converters', 'history: newest version, history declared'),
    needed: 0.8,
  },
  { name: 'history.convert / the same conversion in a request (20 fields)', value: (m) => m.convert.convertNs / m.convert.inRequestNs, needed: 2, direction: 'at most' },
  { name: 'pinning: in-memory store / no pinning', value: (m) => m.ratio('pinning: no version named, in-memory store', 'pinning: no version named, no pinning'), needed: 0.95 },
  // What pinning adds to the two headers it must send (docs/performance.md#headers-cost-what-node-charges).
  {
    name: 'pinning: in-memory store / its two headers by hand',
    value: (m) => m.ratio('pinning: no version named, in-memory store', 'pinning: no version named, no pinning, its two headers by hand'),
    needed: 0.97,
  },
  {
    name: 'telemetry: OTel SDK counter / none (deprecated version)',
    value: (m) => m.ratio('telemetry: deprecated version, OTel SDK counter', 'telemetry: deprecated version, no OTel API, no hook'),
    needed: 0.95,
  },
  {
    name: 'declared: status, headers, custom parameter, cookie / with ctx',
    value: (m) => m.ratio('declared: status, headers, custom parameter, cookie', 'declared: the same route with ctx'),
    needed: 0.97,
  },
  {
    name: "router: trailingSlash 'redirect' / 'optional' (matched as sent)",
    value: (m) => m.ratio('router: /users/:id, trailingSlash redirect, matched as sent', 'router: /users/:id, trailingSlash optional'),
    needed: 0.97,
  },
  { name: 'router: a RegExp route / the same path as a pattern', value: (m) => m.ratio('router: the same path as a RegExp route', 'router: /users/:id, trailingSlash optional'), needed: 0.9 },
  { name: 'app.url / router.url (2 params: id, slug)', value: (m) => m.reverse.waymark / m.reverse.koaRouter, needed: 10 },
  { name: 'RSS after load: waymark / koa + @koa/router', value: (m) => m.rssLoaded('waymark') / m.rssLoaded('koa + @koa/router'), needed: 1.2, direction: 'at most' },
  {
    name: 'idle RSS, 5000 routes: waymark (worst layout) / koa + @koa/router',
    value: (m) => Math.max(...waymarkLayouts.map((row) => m.startup(row, 5000)?.rssMiB ?? NaN)) / (m.startup('koa + @koa/router', 5000)?.rssMiB ?? NaN),
    needed: 1.0,
    direction: 'at most',
  },
  { name: 'createApp, 5000 routes, worst layout (ms)', value: (m) => Math.max(...waymarkLayouts.map((row) => m.startup(row, 5000)?.buildMs ?? NaN)), needed: 100, direction: 'at most' },
  ...peerTargets,
];

export const comparisons: Comparison[] = [
  { name: 'pinning: its two headers by hand / no pinning', value: (m) => m.ratio('pinning: no version named, no pinning, its two headers by hand', 'pinning: no version named, no pinning') },
  { name: 'waymark + url-path + lifecycle headers / waymark + url-path', value: (m) => m.ratio('waymark + url-path + lifecycle headers', 'waymark + url-path') },
  // What the lifecycle row's five headers cost any Koa app that sends them: the floor of the lifecycle target (docs/performance.md).
  { name: 'koa: five lifecycle headers by hand / none', value: (m) => m.ratio('koa, one middleware, five lifecycle headers by hand', 'koa, one middleware') },
  // Telemetry absent costs one null check; with the API but no SDK, a no-op counter. Against the build
  // before telemetry, run 'waymark + url-path + lifecycle headers' with --baseline (docs/performance.md).
  { name: 'telemetry: OTel API without SDK / none (deprecated version)', value: (m) => m.ratio('telemetry: deprecated version, OTel API, no SDK', 'telemetry: deprecated version, no OTel API, no hook') },
  // The target before its restatement: no serializer beats a body whose text costs nothing (docs/performance.md#the-open-targets).
  { name: 'contract: response schema / body written in advance (ceiling)', value: (m) => m.ratio('contract: 20 fields, response schema', 'contract: 20 fields, body written in advance') },
  // No serializer can beat a body whose text costs nothing: the ceiling of the response-schema target above.
  { name: 'contract: body written in advance / none (ceiling of any serializer)', value: (m) => m.ratio('contract: 20 fields, body written in advance', 'contract: 20 fields, no response schema') },
  { name: 'contract: fastify, response schema / none', value: (m) => m.ratio('contract: fastify, 20 fields, response schema', 'contract: fastify, 20 fields, no response schema') },
  // The same serializer in the framework built around it, against its own ceiling: the floor of the contract target (docs/performance.md#the-open-targets).
  { name: 'contract: fastify, response schema / body written in advance', value: (m) => m.ratio('contract: fastify, 20 fields, response schema', 'contract: fastify, 20 fields, body written in advance') },
  ...peerComparisons,
];
