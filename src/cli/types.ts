import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { declarationFile, routeNames } from '../typegen/generate';
import type { Command, Io } from './command';
import { loadApp } from './load-app';

/**
 * `waymark types <module> [--out file] [--check]`: the declaration file that
 * types reversal by the route names of the app `<module>` exports
 * (docs/namespaces-and-reversal.md#typed-route-names).
 * Without `--out` it goes to standard output; `--check` compares it with the
 * file `--out` names, writes nothing, and fails when that file is stale.
 */
export function types(modulePath: string, out: string | undefined, check: boolean, io: Io): number {
  if (check && out === undefined) {
    io.err('waymark types: --check needs --out <file>, the file to compare.');
    return 2;
  }
  const text = declarationFile(routeNames(loadApp(modulePath).routes));
  if (out === undefined) {
    io.out(text.trimEnd());
    return 0;
  }
  const file = resolve(out);
  if (check) {
    // A checkout with CRLF line ends (git's autocrlf) is not stale for that alone.
    if (existsSync(file) && readFileSync(file, 'utf8').replace(/\r\n/g, '\n') === text) return 0;
    io.err(`waymark types: ${out} is stale; run \`npx waymark types ${modulePath} --out ${out}\`.`);
    return 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return 0;
}

/** The `types` entry of the command table in main.ts. */
export const typesCommand: Command = {
  synopsis: '<module> [--out file] [--check]',
  summary: 'write the route names of the app <module> exports as types for app.url and ctx.reverse (--check: exit 1 when --out is stale)',
  options: { out: { type: 'string' }, check: { type: 'boolean' } },
  positionals: [1, 1],
  run: ({ positionals, values }, io) => types(positionals[0], values.out as string | undefined, values.check === true, io),
};
