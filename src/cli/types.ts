import { declarationFile, routeNames } from '../typegen/generate';
import type { Command, Io } from './command';
import { withApp } from './load-app';
import { writeOrCheck } from './output';

/**
 * `waymark types <module> [--out file] [--check]`: the module that types
 * reversal by the route names of the app `<module>` exports, for the app to
 * import once (docs/namespaces-and-reversal.md#typed-route-names).
 * Without `--out` it goes to standard output; `--check` compares it with the
 * file `--out` names, writes nothing, and fails when that file is stale.
 */
export function types(modulePath: string, out: string | undefined, check: boolean, io: Io): number | Promise<number> {
  if (check && out === undefined) {
    io.err('waymark types: --check needs --out <file>, the file to compare.');
    return 2;
  }
  // Not type-checked: the module imports the file this writes, which is missing or stale until it is written.
  return withApp(modulePath, (app) => {
    const text = declarationFile(routeNames(app.routes));
    return writeOrCheck(text, out, check, `npx waymark types ${modulePath} --out ${out}`, { out: io.out, err: (line) => io.err(`waymark types: ${line}`) });
  }, { typeCheck: false });
}

/** The `types` entry of the command table in main.ts. */
export const typesCommand: Command = {
  synopsis: '<module> [--out file] [--check]',
  summary: 'write the route names of the app <module> exports as types for app.url and ctx.reverse (--check: exit 1 when --out is stale)',
  options: { out: { type: 'string' }, check: { type: 'boolean' } },
  positionals: [1, 1],
  run: ({ positionals, values }, io) => types(positionals[0], values.out as string | undefined, values.check === true, io),
};
