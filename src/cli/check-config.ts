import { dirname, relative, resolve } from 'node:path';
import { isWarning } from '../runner-options/codes';
import { checkProject } from '../runner-options/read';
import type { Problem } from '../runner-options/problems';
import { checkWithoutApi } from './check-native';
import type { Command } from './command';
import { projectTypeScript } from './project';

/**
 * Every problem of a tsconfig.json, judged by the TypeScript its project has
 * (docs/cli.md#checking-a-tsconfigjson): through its JavaScript API (5, 6),
 * else through its own `tsc` (7). Never throws: what goes wrong while
 * checking is a problem too.
 */
export function judge(path: string): { errors: Problem[]; warnings: Problem[] } {
  const file = resolve(path);
  try {
    const ts = projectTypeScript(dirname(file));
    if (ts === null || ts.hasApi) return checkProject(file, { decorators: true, tsc: true });
    const problems = checkWithoutApi(file, ts);
    return { errors: problems.filter((p) => !isWarning(p)), warnings: problems.filter(isWarning) };
  } catch (error) {
    const message = `checking stopped: ${error instanceof Error ? error.message : String(error)}`;
    return { errors: [{ file, path: '$', code: 'TSC_FAILED', message }], warnings: [] };
  }
}

/**
 * `waymark check-config [tsconfig.json] [--json]`: every problem of the
 * options, of what waymark's decorators need, of the traps of a new project
 * and of the `"ts-node"` block, and 1 when there is an error.
 */
export function checkConfig(path: string, json: boolean, out: (text: string) => void): number {
  const { errors, warnings } = judge(path);
  if (json) {
    out(JSON.stringify({ valid: errors.length === 0, errors, warnings }, null, 2));
  } else {
    const line = (level: string) => (problem: Problem) => {
      const hint = problem.suggestion ? ` (suggestion: ${problem.suggestion})` : '';
      return `${level.padEnd(8)}${relative(process.cwd(), problem.file ?? path) || path}  ${problem.path}  ${problem.message}${hint} [${problem.code}]`;
    };
    for (const text of [...errors.map(line('error')), ...warnings.map(line('warning'))]) out(text);
    out(`${errors.length} error${errors.length === 1 ? '' : 's'}, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`);
  }
  return errors.length > 0 ? 1 : 0;
}

/** The `check-config` entry of the command table in main.ts. */
export const checkConfigCommand: Command = {
  synopsis: '[tsconfig.json] [--json]',
  summary: 'check a tsconfig.json with the project\'s TypeScript (5, 6 or 7): its options, what waymark\'s decorators need, the traps of a new project, the "ts-node" block; exit 1 on any error',
  options: { json: { type: 'boolean' } },
  positionals: [0, 1],
  run: ({ positionals, values }, io) => checkConfig(positionals[0] ?? 'tsconfig.json', values.json === true, io.out),
};
