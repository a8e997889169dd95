import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Measurements } from './scenarios';
import { BASELINE, fixed, judge, judgedLines, load, requestsOf, selection, type Selected } from './select';

/**
 * The request rows counted in instructions instead of timed: each server
 * runs under valgrind's callgrind with instrumentation off, takes `WARMUP`
 * requests (the JIT settles), then counts the instructions of `REQUESTS`
 * more, all of its threads. The count is the same from run to run whatever
 * else the machine does, where the timed rows' per-round ratios spread from
 * 0.7 to 1.5 on a shared 2-core machine (docs/performance.md#instruction-counts).
 * A target's ratio of `a` to `b` reads instructions(b) / instructions(a): the
 * same direction as throughput. It counts user-space instructions only: the
 * kernel's share of a request (the `writev`), the same for every row, is left
 * out, so ratios read lower than throughput would on an idle machine.
 *
 * `npm run bench:instructions -- --only <text> [--baseline <dir>]`, as `bench`.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
/** Fresh processes per row, the least count kept: a collection of the old generation inside the counted window adds instructions, never takes them away. */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8000);
const build = join(__dirname, 'servers');

/** Instructions per request of one row: its server under callgrind, a fresh process. */
async function count(scenario: Selected): Promise<number> {
  const out = join(tmpdir(), `waymark-callgrind-${process.pid}-${Date.now()}.out`);
  const args = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, join(scenario.dir ?? build, `${scenario.server}.js`), ...(scenario.args ?? [])];
  const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', (error) => reject(new Error(`valgrind could not be started (${error.message}): install it (Debian's valgrind) to count instructions.`)));
      child.on('message', (message: { ready?: { port: number } }) => message.ready && resolve(message.ready.port));
    });
    const options = { url: `http://127.0.0.1:${port}`, connections: 4, requests: requestsOf(scenario) };
    await load({ ...options, amount: WARMUP });
    execFileSync('callgrind_control', ['--instr=on', String(child.pid)], { stdio: 'ignore' });
    const result = await load({ ...options, amount: REQUESTS });
    execFileSync('callgrind_control', ['--instr=off', String(child.pid)], { stdio: 'ignore' });
    if (result.non2xx + result.errors > 0) throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors under callgrind`);
    child.disconnect(); // the server exits on disconnect, and callgrind writes its counts
    await new Promise((resolve) => child.once('exit', resolve));
    const totals = execFileSync('callgrind_annotate', [out], { encoding: 'utf8', maxBuffer: 1 << 28 }).match(/([\d,]+) \([\d.]+%\)\s+PROGRAM TOTALS|([\d,]+)\s+PROGRAM TOTALS/);
    if (totals === null) throw new Error(`${scenario.name}: callgrind_annotate printed no program totals`);
    return Number((totals[1] ?? totals[2]).replace(/,/g, '')) / REQUESTS;
  } finally {
    child.kill();
    try {
      unlinkSync(out);
    } catch {
      // not written: the run failed before the server exited
    }
  }
}

async function main(): Promise<void> {
  const { only, baselineDir, selected, scenarios } = selection(process.argv);
  const counted = new Map<string, number>();
  for (const scenario of scenarios) {
    const runs: number[] = [];
    for (let i = 0; i < REPEATS; i++) runs.push(await count(scenario));
    counted.set(scenario.name, Math.min(...runs));
    process.stderr.write(`${scenario.name.padEnd(60)} ${Math.round(counted.get(scenario.name) as number)} instructions per request\n`);
  }
  const ratio = (a: string, b: string) => (counted.get(b) ?? NaN) / (counted.get(a) ?? NaN);
  const measurements: Measurements = { ratio, rssLoaded: () => NaN, startup: () => undefined, reverse: { waymark: NaN, koaRouter: NaN }, convert: { convertNs: NaN, inRequestNs: NaN } };
  const { results, compared } = judge(measurements);
  const lines = [`instructions per request under callgrind (${WARMUP} requests to warm up, ${REQUESTS} counted, 4 connections, least of ${REPEATS} processes); node ${process.version}`, ''];
  for (const [name, instructions] of counted) lines.push(`${name.padEnd(66)} ${fixed(instructions, 0, 9)}`);
  lines.push(...judgedLines(results, compared, baselineDir, selected.map(({ name }) => [name, ratio(name, name + BASELINE)])));
  process.stdout.write(`${lines.join('\n')}\n`);
  const dir = join(__dirname, '..', '..', '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'instructions.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, only, warmup: WARMUP, requests: REQUESTS, repeats: REPEATS, instructions: Object.fromEntries(counted), targets: results.filter(({ value }) => !Number.isNaN(value)), comparisons: compared }, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
