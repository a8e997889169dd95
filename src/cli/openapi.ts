import { writeFileSync } from 'node:fs';
import type { Command } from './command';
import { loadApp } from './load-app';
import { snapshots } from './snapshots';

/**
 * `waymark openapi <module> [--version v] [--out file]`: the document of
 * `app.openapi({ version })` as JSON, to the file or to standard output.
 * `--snapshot DIR` records every version's document; `--check DIR` compares
 * each with its record and exits 1 on a breaking change (cli/snapshots.ts).
 */
export const openapiCommand: Command = {
  synopsis: '<module> [--version v] [--out file] | --snapshot dir | --check dir',
  summary: 'write the OpenAPI 3.1 document of one API version (default: the default version)',
  options: { version: { type: 'string' }, out: { type: 'string' }, snapshot: { type: 'string' }, check: { type: 'string' } },
  positionals: [1, 1],
  run({ positionals, values }, io) {
    const recorded = snapshots(() => loadApp(positionals[0]), values, io);
    if (recorded !== undefined) return recorded;
    const version = values.version as string | undefined;
    const document = loadApp(positionals[0]).openapi(version === undefined ? {} : { version });
    const text = JSON.stringify(document, null, 2);
    if (typeof values.out === 'string') writeFileSync(values.out, `${text}\n`);
    else io.out(text);
    return 0;
  },
};
