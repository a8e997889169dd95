import { generateClient } from '../client/emit';
import { clientSourceOf } from '../client/source';
import type { Command } from './command';
import { withApp } from './load-app';
import { writeOrCheck } from './output';

/**
 * `waymark client <module> [--out file] [--check]`: a typed, dependency-free
 * client of the app `<module>` exports, one file for every version it allows.
 * See docs/client.md.
 */
export const clientCommand: Command = {
  synopsis: '<module> [--out file] [--check]',
  summary: 'write a typed fetch client of the app <module> exports, for every version (--check: exit 1 when --out is stale)',
  options: { out: { type: 'string' }, check: { type: 'boolean' } },
  positionals: [1, 1],
  run({ positionals: [modulePath], values }, io) {
    const out = values.out as string | undefined;
    if (values.check === true && out === undefined) {
      io.err('waymark client: --check needs --out <file>, the file to compare.');
      return 2;
    }
    const again = `npx waymark client ${modulePath}${out === undefined ? '' : ` --out ${out}`}`;
    return withApp(modulePath, (app) => {
      const text = generateClient(clientSourceOf(app, again));
      return writeOrCheck(text, out, values.check === true, again, { out: io.out, err: (line) => io.err(`waymark client: ${line}`) });
    });
  },
};
