import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProject } from '../../../src/runner-options';
import { compare, type ExceptionName, type Verdict } from './compare';
import { generate, specials, write, type ProjectSpec } from './generate';
import { runTsNode, type TsNodeResult } from './tsnode';

export interface DifferentialReport {
  projects: number;
  /** Projects on which both readers give the same answer, identically or through named exceptions. */
  agree: number;
  /** Of those, the ones without any exception. */
  identical: number;
  /** Projects both readers accepted, so compared option by option. */
  compared: number;
  /** isIgnored / moduleTypeOf comparisons made. */
  probes: number;
  exceptions: Partial<Record<ExceptionName, number>>;
  unexplained: { spec: ProjectSpec; differences: string[] }[];
}

/** waymark's reading of a project, from the project's directory as ts-node's child runs it. */
function readWithWaymark(spec: ProjectSpec) {
  const cwd = process.cwd();
  process.chdir(spec.dir);
  try {
    return checkProject(spec.root);
  } finally {
    process.chdir(cwd);
  }
}

/** Generates `count` projects from `seed` (plus the special ones), runs both readers, compares. */
export function differential(count: number, seed: number, batch = 150): DifferentialReport {
  const scratch = mkdtempSync(join(tmpdir(), 'waymark-tsnode-'));
  try {
    const generated = Array.from({ length: count }, (_, id) => generate(id, seed, join(scratch, `p${id}`, 'proj')));
    const special = specials(count, join(scratch, 'special'));
    const specs = [...generated, ...special];
    for (const spec of specs) write(spec);
    const theirs = new Map<number, TsNodeResult>();
    // Generous limits: the machine may be busy, and a project that times out is a difference.
    const hangs = special.filter((spec) => spec.notes.includes('cycle'));
    const rest = [...generated, ...special.filter((spec) => !hangs.includes(spec))];
    for (let i = 0; i < rest.length; i += batch) {
      for (const [id, result] of runTsNode(rest.slice(i, i + batch), scratch, 300_000)) theirs.set(id, result);
    }
    // ts-node never returns on an extends cycle: that one alone, with a short limit.
    for (const [id, result] of runTsNode(hangs, scratch, 8_000)) theirs.set(id, result);
    const report: DifferentialReport = { projects: specs.length, agree: 0, identical: 0, compared: 0, probes: 0, exceptions: {}, unexplained: [] };
    for (const spec of specs) {
      const ours = readWithWaymark(spec);
      const result = theirs.get(spec.id)!;
      if (result.ok && ours.errors.length === 0) {
        report.compared++;
        report.probes += 2 * spec.probes.length;
      }
      const verdict: Verdict = compare(spec, result, ours);
      if (verdict.kind !== 'unexplained') report.agree++;
      if (verdict.kind === 'agree') report.identical++;
      else if (verdict.kind === 'exception') for (const name of verdict.names) report.exceptions[name] = (report.exceptions[name] ?? 0) + 1;
      else report.unexplained.push({ spec, differences: verdict.differences });
    }
    return report;
  } finally {
    if (!process.env.KEEP_TSNODE_SCRATCH) rmSync(scratch, { recursive: true, force: true });
    mkdirSync(tmpdir(), { recursive: true });
  }
}
