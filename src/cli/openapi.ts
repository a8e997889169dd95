import { writeFileSync } from 'node:fs';
import type { OpenApiOptions } from '../openapi/options';
import type { Command } from './command';
import { withApp } from './load-app';
import { snapshots } from './snapshots';

/**
 * `waymark openapi <module> [--version v] [--openapi 3.1|3.2] [--title t] [--server url]... [--out file]`:
 * the document of `app.openapi()` as JSON, to the file or to standard
 * output. `--title` and `--server` win over the app's `openapi` option. A
 * schema that cannot describe itself (its entry is `{}`) is a warning on
 * standard error naming the route; the document is still written.
 * `--openapi 3.2` writes OpenAPI 3.2 over the app's `openapi.version` (docs/streams.md#in-the-documents).
 * `--snapshot DIR` records every version's document; `--check DIR` compares
 * each with its record and exits 1 on a breaking change (cli/snapshots.ts).
 */
export const openapiCommand: Command = {
  synopsis: '<module> [--version v] [--openapi 3.1|3.2] [--title text] [--server url]... [--out file] | --snapshot dir | --check dir',
  summary: 'write the OpenAPI 3.1 (or --openapi 3.2) document of one API version (default: the default version); --snapshot/--check: record every version, or fail on a breaking change',
  options: { version: { type: 'string' }, openapi: { type: 'string' }, out: { type: 'string' }, title: { type: 'string' }, server: { type: 'string', multiple: true }, snapshot: { type: 'string' }, check: { type: 'string' } },
  positionals: [1, 1],
  run: ({ positionals, values }, io) =>
    withApp(positionals[0], (app) => {
      const recorded = snapshots(() => app, values, io);
      if (recorded !== undefined) return recorded;
      const options: OpenApiOptions = {};
      if (typeof values.openapi === 'string') options.openapi = values.openapi as '3.1' | '3.2';
      if (typeof values.version === 'string') options.version = values.version;
      if (typeof values.title === 'string') options.info = { title: values.title };
      if (Array.isArray(values.server)) options.servers = values.server.map((url) => ({ url: String(url) }));
      const document = app.openapi(options, (warning) => io.err(`warning: ${warning}`));
      const text = JSON.stringify(document, null, 2);
      if (typeof values.out === 'string') writeFileSync(values.out, `${text}\n`);
      else io.out(text);
      return 0;
    }),
};
