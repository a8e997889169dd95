import { fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { comparisons, scenarios as allScenarios, targets, type Measurements, type Scenario } from './scenarios';

/** A row to run, on this tree's build or (`dir`) a baseline checkout's. */
export type Selected = Scenario & { dir?: string };

/** Appended to a row's name for its run on the `--baseline` build. */
export const BASELINE = ' [baseline]';

/**
 * The rows a command line selects, for `run.ts` and `instructions.ts` alike:
 * `--only <text>` (repeatable) keeps the rows whose name contains one of the
 * texts, or is exactly the text after `=`; `--quick` leaves out rows marked
 * `quick: false`; `--baseline <dir>` adds each row again on that checkout's build.
 */
export function selection(argv: readonly string[]) {
  const quick = argv.includes('--quick');
  const only = argv.flatMap((arg, i, all) => (all[i - 1] === '--only' ? [arg] : []));
  const wanted = (name: string) => only.length === 0 || only.some((text) => (text.startsWith('=') ? name === text.slice(1) : name.includes(text)));
  const baselineDir = argv.flatMap((arg, i, all) => (all[i - 1] === '--baseline' ? [arg] : []))[0];
  const selected = allScenarios.filter((s) => (!quick || s.quick !== false) && wanted(s.name));
  const scenarios: Selected[] =
    baselineDir === undefined ? selected : selected.flatMap((s) => [s, { ...s, name: s.name + BASELINE, dir: join(baselineDir, 'bench', '.build', 'bench', 'servers') }]);
  return { quick, only, wanted, baselineDir, selected, scenarios };
}

/** A row's requests as the load client sends them: `Accept: application/json`, the row's headers, then each request's own. */
export function requestsOf(scenario: Scenario): object[] {
  const headers = { accept: 'application/json', ...scenario.headers };
  return (scenario.requests ?? [{ path: '/users/42' }]).map((r) => ({ method: 'GET', ...r, headers: { ...headers, ...r.headers } }));
}

export interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs the load client (`client.js`, autocannon) in a process of its own with these options. */
export function load(options: object): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    // On stdin, not the command line: a row's request bodies (a 1 MiB upload) are over the kernel's argument limit (E2BIG).
    const run = spawn(process.execPath, [join(__dirname, 'client.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
    run.stdin.end(JSON.stringify(options));
    let out = '';
    run.stdout.on('data', (chunk) => (out += chunk));
    run.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the load client exited with ${code}`))));
  });
}

/** One load client for a whole run (`client.js` over IPC): a load per call, one at a time. */
export function openClient(): { load(options: object): Promise<AutocannonResult>; close(): void } {
  const child = fork(join(__dirname, 'client.js'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let queue: Promise<unknown> = Promise.resolve();
  const once = (options: object) =>
    new Promise<AutocannonResult>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the load client exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (reply: { result?: AutocannonResult; error?: string }) => {
        child.off('exit', onExit);
        if (reply.result) resolve(reply.result);
        else reject(new Error(`the load client failed: ${reply.error}`));
      });
      child.send(options);
    });
  return {
    load(options) {
      const next = queue.then(() => once(options));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => child.disconnect(),
  };
}

/** Each target judged, and each comparison's value (those a run could not measure are `NaN`). */
export function judge(m: Measurements) {
  const results = targets.map((target) => {
    const value = target.value(m);
    const direction = target.direction ?? 'at least';
    return { name: target.name, value, needed: target.needed, direction, met: direction === 'at most' ? value <= target.needed : value >= target.needed };
  });
  const compared = comparisons.map((comparison) => ({ name: comparison.name, value: comparison.value(m) })).filter(({ value }) => !Number.isNaN(value));
  return { results, compared };
}

export const fixed = (value: number, digits: number, width: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-').padStart(width);

/** The targets measured, each row against its baseline, then the comparisons: the end of a run's report. */
export function judgedLines(results: ReturnType<typeof judge>['results'], compared: ReturnType<typeof judge>['compared'], baselineDir: string | undefined, baseline: [string, number][]): string[] {
  const lines = ['', `${'target'.padEnd(66)} ${'measured'.padStart(8)} ${'needed'.padStart(9)}`];
  for (const result of results.filter(({ value }) => !Number.isNaN(value))) {
    lines.push(`${result.name.padEnd(66)} ${fixed(result.value, 2, 8)} ${`${result.direction === 'at most' ? '≤' : '≥'} ${result.needed.toFixed(2)}`.padStart(9)}  ${result.met ? 'ok' : 'MISSED'}`);
  }
  if (baselineDir !== undefined) {
    lines.push('', `this tree / ${baselineDir} (median of per-round ratios)`);
    for (const [name, ratio] of baseline) lines.push(`${name.padEnd(66)} ${fixed(ratio, 3, 8)}`);
  }
  if (compared.length > 0) {
    lines.push('', 'for comparison (no target)');
    for (const { name, value } of compared) lines.push(`${name.padEnd(66)} ${fixed(value, 2, 8)}`);
  }
  return lines;
}
