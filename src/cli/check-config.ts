import { relative } from 'node:path';
import { checkProject } from '../runner-options/read';
import type { Problem } from '../runner-options/problems';
import type { Command } from './command';

/**
 * `waymark check-config [tsconfig.json] [--json]`: every problem of the
 * `"ts-node"` block and of the decorator options waymark needs, and 1 when there is an error.
 */
export function checkConfig(path: string, json: boolean, out: (text: string) => void): number {
  const { errors, warnings } = checkProject(path, { decorators: true });
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
  summary: 'check a tsconfig.json: the decorator options waymark needs and the "ts-node" block; exit 1 on any error',
  options: { json: { type: 'boolean' } },
  positionals: [0, 1],
  run: ({ positionals, values }, io) => checkConfig(positionals[0] ?? 'tsconfig.json', values.json === true, io.out),
};
