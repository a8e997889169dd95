import { body } from './shared/body';
import { githubRequests } from './shared/github';
import type { BenchRequest, Comparison, Measurements, Scenario, Target } from './scenarios';

/**
 * waymark against the frameworks a user would pick instead, row by row: the
 * scenarios each peer's server (`bench/servers/`) serves, the table and the
 * chart of `npm run bench` (`peerTable`, written into `bench/results/latest.json`),
 * and the targets (docs/performance.md#against-every-peer).
 */
export const frameworks = ['waymark', 'raw node:http', 'fastify', 'koa + @koa/router', 'express', 'hono', 'nest (express)', 'nest (fastify)', 'routing-controllers'] as const;
export type Framework = (typeof frameworks)[number];

/** One row of the peer table: what it asks, and each framework's scenario (several for waymark: the slowest counts). */
export interface PeerRow {
  title: string;
  /** In target names and on the chart. */
  short: string;
  cells: Partial<Record<Framework, string | string[]>>;
}

/** A peer's server file and its arguments, by framework. */
const servers: Partial<Record<Framework, [string, string[]]>> = {
  express: ['express', []],
  hono: ['hono', []],
  'nest (express)': ['nest', ['--adapter', 'express']],
  'nest (fastify)': ['nest', ['--adapter', 'fastify']],
  'routing-controllers': ['routing-controllers', []],
};
const newPeers = Object.keys(servers) as Framework[];

const post: BenchRequest[] = [{ method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body }];
const sse = { accept: 'text/event-stream' };
const postName: Partial<Record<Framework, string>> = {
  express: 'POST JSON: express + ajv',
  hono: 'POST JSON: hono validator + zod',
  'nest (express)': 'POST JSON: nest (express) + ValidationPipe',
  'nest (fastify)': 'POST JSON: nest (fastify) + ValidationPipe',
  'routing-controllers': 'POST JSON: routing-controllers + class-validator',
};

const peer = (who: Framework, name: string, args: string[], extra: Partial<Scenario> = {}): Scenario => {
  const [server, own] = servers[who] as [string, string[]];
  return { name, server, args: [...args, ...own], ...extra };
};

/** The peers' rows that no other row of `scenarios.ts` measures. */
export const peerScenarios: Scenario[] = [
  // 'routing-controllers' (10 routes) is a row of scenarios.ts already.
  ...newPeers.filter((who) => who !== 'routing-controllers').map((who) => peer(who, who, ['--routes', '10'])),
  ...newPeers.map((who) => peer(who, `GitHub API flat: ${who}`, ['--github'], { requests: githubRequests('flat') })),
  ...newPeers.map((who) => peer(who, `GitHub API under /v1, /v2: ${who}`, ['--github', '--layout', 'versioned'], { requests: githubRequests('namespace') })),
  ...newPeers.map((who) => peer(who, postName[who] as string, ['--body'], { requests: post })),
  ...newPeers.map((who) => peer(who, `contract: ${who}, 20 fields`, ['--contract'])),
  // The streams row: ten events of `{ n, text }`, then the end of the stream.
  { name: 'SSE, 10 events: waymark', server: 'waymark', args: ['--sse'], requests: [{ path: '/events' }], headers: sse },
  { name: 'SSE, 10 events: raw node:http', server: 'raw', args: ['--sse'], requests: [{ path: '/events' }], headers: sse },
  { name: 'SSE, 10 events: fastify + @fastify/sse', server: 'fastify', args: ['--sse'], requests: [{ path: '/events' }], headers: sse },
  ...newPeers.filter((who) => who !== 'routing-controllers').map((who) => peer(who, `SSE, 10 events: ${who}`, ['--sse'], { requests: [{ path: '/events' }], headers: sse })),
];

const each = (name: (who: Framework) => string) => Object.fromEntries(newPeers.map((who) => [who, name(who)]));

export const peerTable: PeerRow[] = [
  {
    title: 'one routed JSON request (GET /users/:id, 10 routes)',
    short: 'JSON',
    cells: { waymark: 'waymark', 'raw node:http': 'raw node:http', fastify: 'fastify', 'koa + @koa/router': 'koa + @koa/router', ...each((who) => who) },
  },
  {
    title: 'GitHub API, 203 routes, flat',
    short: 'GitHub flat',
    cells: { waymark: 'GitHub API flat: waymark', fastify: 'GitHub API flat: fastify', 'koa + @koa/router': 'GitHub API flat: koa + @koa/router', ...each((who) => `GitHub API flat: ${who}`) },
  },
  {
    title: 'GitHub API under /v1 and /v2, each one\'s URL versioning',
    short: 'GitHub versioned',
    cells: {
      waymark: ['GitHub API under /:version: waymark', 'GitHub API namespace includes: waymark'],
      fastify: 'GitHub API namespace includes: fastify',
      'koa + @koa/router': 'GitHub API namespace includes: koa + @koa/router',
      ...each((who) => `GitHub API under /v1, /v2: ${who}`),
    },
  },
  {
    title: 'POST, JSON body validated by a schema',
    short: 'POST validated',
    cells: { waymark: 'POST JSON: waymark @Body({ schema })', fastify: 'POST JSON: fastify + schema', ...postName },
  },
  {
    title: '20-field response, through a response schema where there is one',
    short: '20 fields',
    cells: { waymark: 'contract: 20 fields, response schema', fastify: 'contract: fastify, 20 fields, response schema', ...each((who) => `contract: ${who}, 20 fields`) },
  },
  {
    title: 'SSE, 10 events then the end of the stream',
    short: 'SSE',
    cells: {
      waymark: 'SSE, 10 events: waymark',
      'raw node:http': 'SSE, 10 events: raw node:http',
      fastify: 'SSE, 10 events: fastify + @fastify/sse',
      ...Object.fromEntries(newPeers.filter((who) => who !== 'routing-controllers').map((who) => [who, `SSE, 10 events: ${who}`])),
    },
  },
];

const names = (cell: string | string[] | undefined) => (cell === undefined ? [] : typeof cell === 'string' ? [cell] : cell);

/** waymark's row over a peer's, the median of per-round ratios; of several waymark rows, the lowest. */
export function overPeer(m: Measurements, row: PeerRow, who: Framework): number {
  const theirs = names(row.cells[who])[0];
  const ratios = names(row.cells.waymark).map((mine) => m.ratio(mine, theirs));
  return theirs === undefined || ratios.length === 0 ? NaN : Math.min(...ratios);
}

/** What waymark must be on every row, over each peer (docs/performance.md#against-every-peer). */
const needed: { who: Framework; needed: number; rows?: (row: PeerRow, index: number) => boolean }[] = [
  { who: 'nest (express)', needed: 1.5 },
  { who: 'nest (fastify)', needed: 1.5 },
  { who: 'routing-controllers', needed: 1.5 },
  { who: 'hono', needed: 1.0 },
  { who: 'express', needed: 1.0 },
  { who: 'fastify', needed: 0.85, rows: (row) => row.title.startsWith('GitHub API') },
  { who: 'raw node:http', needed: 0.8, rows: (_, index) => index === 0 },
];

export const peerTargets: Target[] = needed.flatMap(({ who, needed: ratio, rows }) =>
  peerTable
    .filter((row, index) => row.cells[who] !== undefined && (rows === undefined || rows(row, index)))
    .map((row): Target => ({ name: `peers, ${row.short}: waymark / ${who}`, value: (m) => overPeer(m, row, who), needed: ratio })),
);

/** The start-up rows of each peer: idle RSS after GC and build time at 10 and 5,000 routes (`--routes N`: N - 1 filler routes and GET /users/:id). */
export const peerStartupRows: { name: string; server: string; args: (size: number) => string[]; sizes: number[] }[] = [
  { name: 'fastify', server: 'fastify', args: (size) => ['--routes', String(size)], sizes: [10, 5000] },
  ...newPeers.map((who) => {
    const [server, own] = servers[who] as [string, string[]];
    return { name: who, server, args: (size: number) => ['--routes', String(size), ...own], sizes: [10, 5000] };
  }),
];

/** What Koa and Fastify themselves measure against raw node:http (the raw target's floor, docs/performance.md#the-open-targets), then idle RSS and build time of each peer over waymark's. */
export const peerComparisons: Comparison[] = [
  { name: 'koa, one middleware / raw node:http (the floor of the raw target)', value: (m) => m.ratio('koa, one middleware', 'raw node:http') },
  { name: 'fastify / raw node:http', value: (m) => m.ratio('fastify', 'raw node:http') },
  ...[...peerStartupRows.map(({ name }) => name), 'koa + @koa/router'].flatMap((who) => [
  { name: `idle RSS, 5000 routes: ${who} / waymark (worst layout)`, value: (m: Measurements) => (m.startup(who, 5000)?.rssMiB ?? NaN) / worst(m, 5000, 'rssMiB') },
  { name: `build, 5000 routes: ${who} / waymark (worst layout)`, value: (m: Measurements) => (m.startup(who, 5000)?.buildMs ?? NaN) / worst(m, 5000, 'buildMs') },
  ]),
];

function worst(m: Measurements, size: number, key: 'rssMiB' | 'buildMs'): number {
  return Math.max(...['waymark', 'waymark under /:version', 'waymark namespace includes'].map((row) => m.startup(row, size)?.[key] ?? NaN));
}

/**
 * The run's order: each peer row's scenarios one after the other, where the
 * first of them stood. On a shared machine the load moves within a round
 * (one round of ~100 rows takes minutes), so the rows a ratio compares are
 * measured within seconds of each other, not minutes apart.
 */
export function grouped<S extends { name: string }>(scenarios: readonly S[]): S[] {
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const groupOf = new Map<string, S[]>();
  for (const row of peerTable) {
    const members = frameworks.flatMap((who) => names(row.cells[who])).flatMap((name) => byName.get(name) ?? []);
    for (const member of members) if (!groupOf.has(member.name)) groupOf.set(member.name, members);
  }
  const order: S[] = [];
  const placed = new Set<string>();
  for (const scenario of scenarios) {
    for (const member of groupOf.get(scenario.name) ?? [scenario]) {
      if (placed.has(member.name)) continue;
      placed.add(member.name);
      order.push(member);
    }
  }
  return order;
}
