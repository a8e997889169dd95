import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectSpec } from './generate';

/** What ts-node made of one project (see tsnode-child.js), or that it did not finish in time. */
export interface TsNodeResult {
  id: number;
  ok: boolean;
  timedOut?: boolean;
  error?: string;
  codes?: number[];
  /** TypeScript's own diagnostic codes for the project file (what tsc says). */
  tsc?: (number | string)[];
  options?: Record<string, unknown>;
  transpileOnly?: boolean;
  shouldReplAwait?: boolean;
  compiler?: string;
  transpiler?: string | null;
  target?: string;
  scopeDir?: string;
  ignored?: boolean[];
  moduleTypes?: string[];
}

const CHILD = join(__dirname, 'tsnode-child.js');

/**
 * Runs ts-node over `projects` in child processes, many projects per process.
 * A process that exceeds `limitMs` is stopped; the project it had started is
 * recorded as timed out and the rest go to a fresh process.
 */
export function runTsNode(projects: readonly ProjectSpec[], scratch: string, limitMs: number): Map<number, TsNodeResult> {
  const results = new Map<number, TsNodeResult>();
  let pending = projects.map(({ id, dir, root, probes }) => ({ id, dir, root, probes }));
  let round = 0;
  while (pending.length > 0) {
    const list = join(scratch, `batch-${round++}.json`);
    writeFileSync(list, JSON.stringify(pending));
    const child = spawnSync(process.execPath, [CHILD, list], { encoding: 'utf8', timeout: limitMs, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } });
    let started: number | undefined;
    for (const line of child.stdout.split('\n')) {
      if (line.startsWith('start ')) started = Number(line.slice(6));
      else if (line.startsWith('{')) {
        const result = JSON.parse(line) as TsNodeResult;
        results.set(result.id, result);
        started = undefined;
      }
    }
    // Stopped before it could even start a project (a very busy machine): the next project ran out of time.
    if (started === undefined && child.error) started = pending.find((p) => !results.has(p.id))?.id;
    if (started === undefined && child.status !== 0 && !pending.every((p) => results.has(p.id))) {
      throw new Error(`the ts-node child failed: ${child.error?.message ?? child.stderr.slice(0, 2000)}`);
    }
    if (started !== undefined) results.set(started, { id: started, ok: false, timedOut: child.error !== undefined, error: child.error ? `stopped after ${limitMs} ms` : `the process died: ${child.stderr.slice(-500)}` });
    pending = pending.filter((p) => !results.has(p.id));
  }
  return results;
}
