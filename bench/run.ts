import { execFileSync, fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The side-by-side benchmark: every server in its own process, autocannon in
 * another, bounded runs interleaved A/B/C... across rounds, medians and ratios
 * from this one run. `--quick` runs fewer rounds, shorter.
 */
const quick = process.argv.includes('--quick');
/** `--only waymark --only fastify`: run the scenarios whose name contains one of these (for development). */
const only = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--only' ? [arg] : []));
const settings = quick ? { rounds: 1, duration: 3, warmup: 1 } : { rounds: 4, duration: 4, warmup: 2 };
const connections = 50;
const build = join(__dirname, 'servers');
const autocannon = require.resolve('autocannon/autocannon.js');

interface Scenario {
  name: string;
  server: string;
  args?: string[];
  path?: string;
  headers?: Record<string, string>;
  quick?: boolean;
}

const waymark = (name: string, args: string[], extra: Partial<Scenario> = {}): Scenario => ({ name, server: 'waymark', args, ...extra });
const scenarios: Scenario[] = [
  { name: 'raw node:http', server: 'raw' },
  { name: 'fastify', server: 'fastify' },
  { name: 'koa, one middleware', server: 'koa' },
  { name: 'koa + @koa/router', server: 'koa-router', args: ['--routes', '10'] },
  { name: 'koa + @koa/router, 100 routes', server: 'koa-router', args: ['--routes', '100'], quick: false },
  { name: 'koa + @koa/router, 1000 routes', server: 'koa-router', args: ['--routes', '1000'] },
  { name: 'koa + @koa/router, 5000 routes', server: 'koa-router', args: ['--routes', '5000'], quick: false },
  { name: 'routing-controllers', server: 'routing-controllers' },
  waymark('waymark', ['--routes', '10']),
  waymark('waymark, 100 routes', ['--routes', '100'], { quick: false }),
  waymark('waymark, 1000 routes', ['--routes', '1000']),
  waymark('waymark, 5000 routes', ['--routes', '5000']),
  waymark('waymark + accept-header', ['--scheme', 'accept-header'], { headers: { accept: 'application/json; version=v1' } }),
  waymark('waymark + url-path', ['--scheme', 'url-path'], { path: '/v1/users/42' }),
  waymark('waymark + namespace', ['--scheme', 'namespace'], { path: '/v1/users/42' }),
  waymark('waymark + host-name', ['--scheme', 'host-name'], { headers: { host: 'v1.example.com' } }),
  waymark('waymark + query-parameter', ['--scheme', 'query-parameter'], { path: '/users/42?version=v1' }),
  waymark('waymark + ctx.reverse', ['--reverse']),
]
  .filter((scenario) => !quick || scenario.quick !== false)
  .filter((scenario) => only.length === 0 || only.some((text) => scenario.name.includes(text)));

interface Sample {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssIdle: number;
  rssLoaded: number;
}

async function measure(scenario: Scenario): Promise<Sample> {
  const child = fork(join(build, `${scenario.server}.js`), scenario.args ?? [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(message: string | null, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: Record<string, T>) => {
        if (key in reply) {
          child.off('message', onMessage);
          resolve(reply[key]);
        }
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`${scenario.name} exited with ${code}`)));
      if (message) child.send(message);
    });
  try {
    const port = await ask<number>(null, 'port');
    const rssIdle = await ask<number>('rss', 'rss');
    const url = `http://127.0.0.1:${port}${scenario.path ?? '/users/42'}`;
    // Every client sends what a JSON client sends; a scenario may override it (the Accept-header version).
    const headers = Object.entries({ accept: 'application/json', ...scenario.headers }).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
    await load(url, headers, settings.warmup);
    const result = await load(url, headers, settings.duration);
    const rssLoaded = await ask<number>('rss', 'rss');
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, rssIdle, rssLoaded };
  } finally {
    child.kill();
  }
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

function load(url: string, headers: string[], seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, [autocannon, '-c', String(connections), '-d', String(seconds), '-j', ...headers, url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    run.stdout.on('data', (chunk) => (out += chunk));
    run.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

function microReverse(): { waymark: number; koaRouter: number; waymarkEncoded: number; koaRouterEncoded: number } {
  const out = execFileSync(process.execPath, [join(__dirname, 'micro', 'reverse.js'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8' });
  return JSON.parse(out);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main(): Promise<void> {
  const samples = new Map<string, Sample[]>(scenarios.map((s) => [s.name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    for (const scenario of scenarios) {
      const sample = await measure(scenario);
      samples.get(scenario.name)?.push(sample);
      process.stderr.write(`round ${round + 1}/${settings.rounds}  ${scenario.name.padEnd(34)} ${Math.round(sample.rps)} req/s\n`);
    }
  }
  const summary = Object.fromEntries(
    [...samples].map(([name, list]) => [
      name,
      {
        rps: median(list.map((s) => s.rps)),
        p99: median(list.map((s) => s.p99)),
        errors: list.reduce((sum, s) => sum + s.errors, 0),
        non2xx: list.reduce((sum, s) => sum + s.non2xx, 0),
        rssIdleMiB: median(list.map((s) => s.rssIdle)) / 2 ** 20,
        rssLoadedMiB: median(list.map((s) => s.rssLoaded)) / 2 ** 20,
        runs: list.map((s) => Math.round(s.rps)),
      },
    ]),
  );
  const reverse = microReverse();
  const rps = (name: string) => summary[name]?.rps ?? NaN;
  const rss = (name: string) => summary[name]?.rssLoadedMiB ?? NaN;
  /** Paired ratio: a / b within each round (the same machine state), then the median over rounds. */
  const ratio = (a: string, b: string) => {
    const [left, right] = [samples.get(a), samples.get(b)];
    if (!left || !right) return NaN;
    return median(left.map((sample, round) => sample.rps / right[round].rps));
  };
  const base = 'koa + @koa/router';
  const targets = [
    ['waymark / koa + @koa/router (10 routes)', ratio('waymark', base), 1.0],
    ['waymark / routing-controllers', ratio('waymark', 'routing-controllers'), 1.4],
    ...['accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'].map((s) => [`waymark + ${s} / waymark`, ratio(`waymark + ${s}`, 'waymark'), 0.9]),
    ['waymark 1000 routes / waymark 10', ratio('waymark, 1000 routes', 'waymark'), 0.9],
    ['waymark 5000 routes / waymark 10', ratio('waymark, 5000 routes', 'waymark'), 0.9],
    ['waymark 1000 routes / koa + @koa/router 1000', ratio('waymark, 1000 routes', 'koa + @koa/router, 1000 routes'), 6],
    ['app.url / router.url (2 params: id, slug)', reverse.waymark / reverse.koaRouter, 10],
    ['RSS after load: waymark / koa + @koa/router', rss('waymark') / rss(base), 1.2, 'at most'],
  ] as [string, number, number, ('at most' | undefined)?][];
  const met = ([, value, needed, direction]: (typeof targets)[number]) => (direction === 'at most' ? value <= needed : value >= needed);

  const lines = [`connections ${connections}, ${settings.rounds} round(s) of ${settings.duration} s, medians (target ratios: median of per-round ratios); node ${process.version}`, ''];
  lines.push(`${'server'.padEnd(34)} ${'req/s'.padStart(9)} ${'ratio'.padStart(6)} ${'p99 ms'.padStart(7)} ${'RSS idle'.padStart(9)} ${'RSS load'.padStart(9)}  errors`);
  for (const [name, s] of Object.entries(summary)) {
    lines.push(`${name.padEnd(34)} ${Math.round(s.rps).toString().padStart(9)} ${(s.rps / rps('raw node:http')).toFixed(2).padStart(6)} ${s.p99.toFixed(0).padStart(7)} ${s.rssIdleMiB.toFixed(1).padStart(8)}M ${s.rssLoadedMiB.toFixed(1).padStart(8)}M  ${s.errors + s.non2xx}`);
  }
  lines.push(
    '',
    `reversal, 2 params (id, slug): app.url ${Math.round(reverse.waymark)} ops/s, router.url ${Math.round(reverse.koaRouter)} ops/s`,
    `reversal, 2 params, one needs encoding: app.url ${Math.round(reverse.waymarkEncoded)} ops/s, router.url ${Math.round(reverse.koaRouterEncoded)} ops/s (${(reverse.waymarkEncoded / reverse.koaRouterEncoded).toFixed(1)}x)`,
    '',
  );
  lines.push(`${'target'.padEnd(46)} ${'measured'.padStart(8)} ${'needed'.padStart(7)}`);
  for (const target of targets.filter(([, value]) => !Number.isNaN(value))) {
    const [name, value, needed, direction] = target;
    lines.push(`${name.padEnd(46)} ${value.toFixed(2).padStart(8)} ${`${direction === 'at most' ? '≤' : '≥'} ${needed.toFixed(2)}`.padStart(7)}  ${met(target) ? 'ok' : 'MISSED'}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  mkdirSync(join(__dirname, '..', '..', '..', 'bench', 'results'), { recursive: true });
  const file = join(__dirname, '..', '..', '..', 'bench', 'results', 'latest.json');
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, quick, settings: { ...settings, connections }, servers: summary, reverse, targets: targets.map((target) => ({ name: target[0], value: target[1], needed: target[2], direction: target[3] ?? 'at least', met: met(target) })) }, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
