import type { App } from '../app';
import { checkSnapshots, writeSnapshots } from '../compat/snapshots';
import type { Args, Io } from './command';

/**
 * `waymark openapi <module> --snapshot DIR | --check DIR`: record every
 * version's document, or compare each with its record and exit 1 on a
 * breaking change (docs/compatibility.md). `undefined` when neither option
 * was given, so the command writes one document as before.
 */
export function snapshots(app: () => App, values: Args['values'], io: Io): number | undefined {
  const { snapshot, check } = values;
  const oas = values.openapi as '3.1' | '3.2' | undefined;
  if (snapshot === undefined && check === undefined) return undefined;
  if (typeof snapshot === 'string' && typeof check === 'string') {
    io.err('waymark openapi: --snapshot and --check go alone: record, or compare.');
    return 2;
  }
  if (typeof snapshot === 'string') {
    for (const file of writeSnapshots(app(), snapshot, oas)) io.err(`wrote ${file}`);
    return 0;
  }
  const report = checkSnapshots(app(), check as string, oas);
  for (const line of report.lines) io.out(line);
  if (report.breaking === 0) return 0;
  io.err(`waymark openapi: ${report.breaking} breaking change${report.breaking === 1 ? '' : 's'} inside released versions; undo them, or describe the change in a new version.`);
  return 1;
}
