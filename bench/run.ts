import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { startupRows, startupSizes, type Measurements } from './scenarios';
import { writeChart } from './chart';
import { frameworks, grouped, overPeer, peerTable } from './peers';
import { BASELINE, fixed, judge, judgedLines, openClient, requestsOf, selection, type Selected } from './select';

/**
 * The side-by-side benchmark: every server in its own process (started and
 * warmed up once, up for the whole run), the load client (autocannon) in
 * another, bounded runs interleaved A/B/C... across rounds, medians and
 * paired ratios from this one run; then idle RSS and build time per table
 * size, and reversal in-process. Rows and targets are declared in
 * `scenarios.ts`, the peers' in `peers.ts`; a full run redraws docs/bench.svg.
 *
 * `--quick`: one short round, fewer rows. `--only <text>` (repeatable): only
 * the rows whose name contains one of the texts, or is exactly the text after
 * `=` (`--only =waymark`: that row alone) (skips the table sizes unless
 * `--only startup`, reversal unless `--only reverse`, and history.convert unless `--only history.convert`).
 */
const { quick, only, wanted, baselineDir, selected, scenarios: chosen } = selection(process.argv);
const scenarios = grouped(chosen);
// Ten rounds of 1.5 s: the targets are medians of per-round ratios over at least ten (docs/performance.md).
const settings = quick ? { rounds: 1, duration: 2, warmup: 1 } : { rounds: Number(process.env.BENCH_ROUNDS ?? 10), duration: Number(process.env.BENCH_DURATION ?? 1.5), warmup: 1 };
const connections = 50;
const build = join(__dirname, 'servers');

interface Sample {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssIdle: number;
  rssLoaded: number;
}

/** A server process and a way to ask it things over IPC (`rss`, `rss-gc`). */
async function start(server: string, args: string[], dir = build) {
  const child = fork(join(dir, `${server}.js`), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
  const ask = <T>(message: string | null, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: Record<string, T>) => {
        if (key in reply) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(reply[key]);
        }
      };
      const onExit = (code: number) => reject(new Error(`${server} ${args.join(' ')} exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (message) child.send(message);
    });
  const ready = await ask<{ port: number; buildMs?: number }>(null, 'ready');
  return { child, ask, ...ready };
}

type Running = Awaited<ReturnType<typeof start>> & { rssIdle: number };
const client = openClient();

/**
 * Every row's server is started once and warmed up once, then stays up for
 * every round: a fresh process per sample spent more time starting servers
 * and clients than measuring them, and ten rounds of ~100 rows would not fit
 * in half an hour. Idle RSS is read before the warm-up, as it was per sample.
 */
async function launch(scenario: Selected): Promise<Running> {
  const running = await start(scenario.server, scenario.args ?? [], scenario.dir);
  const rssIdle = await running.ask<number>('rss', 'rss');
  await client.load({ url: `http://127.0.0.1:${running.port}`, connections, requests: requestsOf(scenario), duration: settings.warmup });
  return { ...running, rssIdle };
}

async function measure(scenario: Selected, running: Running): Promise<Sample> {
  const result = await client.load({ url: `http://127.0.0.1:${running.port}`, connections, requests: requestsOf(scenario), duration: settings.duration });
  const rssLoaded = await running.ask<number>('rss', 'rss');
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, rssIdle: running.rssIdle, rssLoaded };
}

/** Idle RSS after GC and build time, for each table size: the median of a few fresh processes. */
async function startup(): Promise<Map<string, { rssMiB: number; buildMs: number }>> {
  const out = new Map<string, { rssMiB: number; buildMs: number }>();
  // Five (seven before the peers' rows doubled them): single runs of one build differ by up to 2 MiB (how much
  // of its malloc arenas and young generation a process happens to touch); a median of three moved a row by 1 MiB.
  const repeats = quick ? 1 : Number(process.env.BENCH_STARTUP_REPEATS ?? 5);
  for (const row of startupRows) {
    for (const size of row.sizes ?? startupSizes) {
      const runs: { rssMiB: number; buildMs: number }[] = [];
      for (let i = 0; i < repeats; i++) {
        const { child, ask, buildMs } = await start(row.server, row.args(size));
        try {
          runs.push({ rssMiB: (await ask<number>('rss-gc', 'rss')) / 2 ** 20, buildMs: buildMs ?? NaN });
        } finally {
          child.kill();
        }
      }
      out.set(`${row.name}\u0000${size}`, { rssMiB: median(runs.map((r) => r.rssMiB)), buildMs: median(runs.map((r) => r.buildMs)) });
      process.stderr.write(`startup  ${row.name.padEnd(34)} ${String(size).padStart(5)} routes\n`);
    }
  }
  return out;
}

function microReverse(): { waymark: number; koaRouter: number; waymarkEncoded: number; koaRouterEncoded: number } {
  const out = execFileSync(process.execPath, [join(__dirname, 'micro', 'reverse.js'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8' });
  return JSON.parse(out);
}

function microConvert(): { convertNs: number; inRequestNs: number } {
  const out = execFileSync(process.execPath, [join(__dirname, 'micro', 'convert.js'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8' });
  return JSON.parse(out);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}


async function main(): Promise<void> {
  const began = Date.now();
  const samples = new Map<string, Sample[]>(scenarios.map((s) => [s.name, []]));
  const running = new Map<string, Running>();
  try {
    for (const scenario of scenarios) {
      running.set(scenario.name, await launch(scenario));
      process.stderr.write(`started  ${scenario.name}\n`);
    }
    for (let round = 0; round < settings.rounds; round++) {
      for (const scenario of scenarios) {
        const sample = await measure(scenario, running.get(scenario.name) as Running);
        samples.get(scenario.name)?.push(sample);
        process.stderr.write(`round ${round + 1}/${settings.rounds}  ${scenario.name.padEnd(48)} ${Math.round(sample.rps)} req/s\n`);
      }
    }
  } finally {
    for (const { child } of running.values()) child.kill();
    client.close();
  }
  const sizes = only.length === 0 || wanted('startup') ? await startup() : new Map();
  const reverse = only.length === 0 || wanted('reverse') ? microReverse() : { waymark: NaN, koaRouter: NaN, waymarkEncoded: NaN, koaRouterEncoded: NaN };
  const convert = only.length === 0 || wanted('history.convert') ? microConvert() : { convertNs: NaN, inRequestNs: NaN };
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
  const measurements: Measurements = {
    ratio(a, b) {
      const [left, right] = [samples.get(a), samples.get(b)];
      if (!left?.length || !right?.length) return NaN;
      return median(left.map((sample, round) => sample.rps / right[round].rps));
    },
    rssLoaded: (name) => summary[name]?.rssLoadedMiB ?? NaN,
    startup: (name, size) => sizes.get(`${name}\u0000${size}`),
    reverse,
    convert,
  };
  const { results, compared } = judge(measurements);

  const lines = [`connections ${connections}, ${settings.rounds} round(s) of ${settings.duration} s after ${settings.warmup} s warm-up, medians (target ratios: median of per-round ratios); node ${process.version}`, ''];
  const machine = machineOf();
  const base = summary['raw node:http']?.rps ?? NaN;
  lines.push(`${'server'.padEnd(48)} ${'req/s'.padStart(9)} ${'/ raw'.padStart(6)} ${'p99 ms'.padStart(7)} ${'RSS idle'.padStart(9)} ${'RSS load'.padStart(9)}  errors`);
  for (const [name, s] of Object.entries(summary)) {
    lines.push(`${name.padEnd(48)} ${Math.round(s.rps).toString().padStart(9)} ${fixed(s.rps / base, 2, 6)} ${fixed(s.p99, 0, 7)} ${fixed(s.rssIdleMiB, 1, 8)}M ${fixed(s.rssLoadedMiB, 1, 8)}M  ${s.errors + s.non2xx}`);
  }
  if (sizes.size > 0) {
    lines.push('', `${'idle RSS after GC (MiB) / build ms (main thread)'.padEnd(48)} ${startupSizes.map((size) => `${size} routes`.padStart(16)).join('')}`);
    for (const row of startupRows) {
      const cells = startupSizes.map((size) => {
        const cell = sizes.get(`${row.name}\u0000${size}`);
        return cell ? `${cell.rssMiB.toFixed(1)} / ${cell.buildMs.toFixed(0)}`.padStart(16) : '-'.padStart(16);
      });
      lines.push(`${row.name.padEnd(48)} ${cells.join('')}`);
    }
  }
  if (Number.isFinite(reverse.waymark)) {
    lines.push(
      '',
      `reversal, 2 params (id, slug): app.url ${Math.round(reverse.waymark)} ops/s, router.url ${Math.round(reverse.koaRouter)} ops/s`,
      `reversal, 2 params, one needs encoding: app.url ${Math.round(reverse.waymarkEncoded)} ops/s, router.url ${Math.round(reverse.koaRouterEncoded)} ops/s (${(reverse.waymarkEncoded / reverse.koaRouterEncoded).toFixed(1)}x)`,
    );
  }
  if (Number.isFinite(convert.convertNs)) {
    lines.push('', `history.convert, 20 fields two versions back: ${(convert.convertNs / 1000).toFixed(1)} µs; the same conversion in a request (v1 less v3, in process): ${(convert.inRequestNs / 1000).toFixed(1)} µs`);
  }
  lines.push(...peerLines(summary, measurements));
  lines.push(...judgedLines(results, compared, baselineDir, selected.map(({ name }) => [name, measurements.ratio(name, name + BASELINE)])));
  const minutes = (Date.now() - began) / 60_000;
  lines.push('', `${machine.cpu}, ${machine.cores} cores, node ${process.version}; the run took ${minutes.toFixed(1)} minutes`);
  process.stdout.write(`${lines.join('\n')}\n`);

  const dir = join(__dirname, '..', '..', '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, quick || only.length > 0 ? 'partial.json' : 'latest.json');
  const startupJson = Object.fromEntries([...sizes].map(([key, value]) => [key.replace('\u0000', ', ') + ' routes', value]));
  const peers = { frameworks, rows: peerTable };
  const json = { date: new Date().toISOString(), node: process.version, machine, minutes, quick, only, settings: { ...settings, connections }, servers: summary, peers, startup: startupJson, reverse, convert, targets: results, comparisons: compared };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  // The chart of docs/performance.md, from a full run only (`node bench/.build/bench/chart.js` redraws it from latest.json).
  if (!quick && only.length === 0) writeChart(json);
}

/** The peer table: each row's req/s per framework, then waymark's over each. */
function peerLines(summary: Record<string, { rps: number }>, m: Measurements): string[] {
  const head = (text: string) => text.slice(0, 11).padStart(12);
  const lines = ['', `${'against every peer, req/s'.padEnd(28)}${frameworks.map(head).join('')}`];
  for (const row of peerTable) {
    const cell = (who: (typeof frameworks)[number]) => {
      const names = row.cells[who];
      const list = names === undefined ? [] : typeof names === 'string' ? [names] : names;
      const rps = list.map((name) => summary[name]?.rps).filter((value): value is number => value !== undefined);
      return rps.length === 0 ? '-'.padStart(12) : Math.round(Math.min(...rps)).toString().padStart(12);
    };
    lines.push(`${row.short.padEnd(28)}${frameworks.map(cell).join('')}`);
  }
  lines.push('', `${'waymark / each (per round)'.padEnd(28)}${frameworks.map(head).join('')}`);
  for (const row of peerTable) lines.push(`${row.short.padEnd(28)}${frameworks.map((who) => fixed(overPeer(m, row, who), 2, 12)).join('')}`);
  return lines;
}

/** Where the run ran: the CPU model, cores, node. */
function machineOf(): { cpu: string; cores: number; node: string } {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown CPU';
  return { cpu, cores: availableParallelism(), node: process.version };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
