import { join } from 'node:path';
import { main } from '../../src/cli/main';

/** The repository root, for fixtures and the `bin/waymark.js` binary. */
export const root = join(__dirname, '..', '..');

/** Runs the CLI in-process, collecting what it prints on stdout and stderr. */
export function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/** Runs a command that waits (`check-contract`), collecting its output once it has finished. */
export async function runAsync(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}
