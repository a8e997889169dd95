import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Io } from './command';

/**
 * How the generating commands (`types`, `client`) finish: without `out`, the
 * text goes to standard output; with it, to that file; with `check`, the file
 * is compared and nothing is written (exit 1 when it is stale, naming `again`,
 * the command that refreshes it).
 */
export function writeOrCheck(text: string, out: string | undefined, check: boolean, again: string, io: Io): number {
  if (out === undefined) {
    io.out(text.trimEnd());
    return 0;
  }
  const file = resolve(out);
  if (check) {
    // A checkout with CRLF line ends (git's autocrlf) is not stale for that alone.
    if (existsSync(file) && readFileSync(file, 'utf8').replace(/\r\n/g, '\n') === text) return 0;
    io.err(`${out} is stale; run \`${again}\`.`);
    return 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return 0;
}
