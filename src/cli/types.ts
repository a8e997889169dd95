import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runtimeOf } from '../runtime';
import { declarationFile, routeNames } from '../typegen/generate';
import { loadApp } from './routes';

/**
 * `waymark types <module> [--out file] [--check]`: the declaration file that
 * types reversal by the route names of the app `<module>` exports (api.md §15).
 * Without `--out` it goes to standard output; `--check` compares it with the
 * file `--out` names, writes nothing, and fails when that file is stale.
 */
export function types(modulePath: string, out: string | undefined, check: boolean, io: { out: (text: string) => void; err: (text: string) => void }): number {
  if (check && out === undefined) {
    io.err('waymark types: --check needs --out <file>, the file to compare.');
    return 2;
  }
  const text = declarationFile(routeNames(runtimeOf(loadApp(modulePath))));
  if (out === undefined) {
    io.out(text.trimEnd());
    return 0;
  }
  const file = resolve(out);
  if (check) {
    if (existsSync(file) && readFileSync(file, 'utf8') === text) return 0;
    io.err(`waymark types: ${out} is stale; run \`npx waymark types ${modulePath} --out ${out}\`.`);
    return 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return 0;
}
