import { readFileSync, writeFileSync } from 'node:fs';
import { changelog, renderChangelog } from '../compat/changelog';
import type { Command } from './command';
import { withApp } from './load-app';

/**
 * `waymark changelog <module> [--json] [--out file] [--check file]`: the
 * app's changelog from its version history (docs/version-history.md#the-changelog),
 * as Markdown or, with `--json`, as data. `--check` compares it with a
 * committed file and exits 1 when the file is stale, as `openapi --check`
 * does for documents.
 */
export const changelogCommand: Command = {
  synopsis: '<module> [--json] [--out file] [--check file]',
  summary: "write the app's changelog (its version history's changes, and what the compatibility rules say of each version); --check: fail when a committed one is stale",
  options: { json: { type: 'boolean' }, out: { type: 'string' }, check: { type: 'string' } },
  positionals: [1, 1],
  run: ({ positionals, values }, io) => withApp(positionals[0], (app) => {
    if (app.history === null) {
      io.err(`waymark changelog: ${positionals[0]} has no version history (createApp({ history })), so it has no changelog.`);
      return 1;
    }
    const notes = changelog(app);
    const text = values.json === true ? `${JSON.stringify(notes, null, 2)}\n` : renderChangelog(notes);
    if (typeof values.check === 'string') {
      let committed: string | null = null;
      try {
        committed = readFileSync(values.check, 'utf8');
      } catch {
        committed = null;
      }
      if (committed === text) {
        io.out(`${values.check}: up to date`);
        return 0;
      }
      io.err(`waymark changelog: ${values.check} is ${committed === null ? 'missing' : 'stale'}; write it again with: waymark changelog ${positionals[0]}${values.json === true ? ' --json' : ''} --out ${values.check}`);
      return 1;
    }
    if (typeof values.out === 'string') writeFileSync(values.out, text);
    else io.out(text.trimEnd());
    return 0;
  }),
};
