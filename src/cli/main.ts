import 'reflect-metadata';
import { checkConfig } from './check-config';
import { formatTable, loadApp, rowsOf } from './routes';

const USAGE = `usage:
  waymark routes <module> [--json]     print the named-route table of the app <module> exports
  waymark check-config [tsconfig.json] [--json]
                                       check the "ts-node" block; exit 1 on any error`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs the command line and returns the exit status. */
export function main(argv: readonly string[], io: Io = { out: console.log, err: console.error }): number {
  const [command, ...rest] = argv;
  const json = rest.includes('--json');
  const positional = rest.filter((arg) => !arg.startsWith('--'));
  try {
    if (command === 'routes' && positional.length === 1) {
      const rows = rowsOf(loadApp(positional[0]));
      io.out(json ? JSON.stringify(rows, null, 2) : formatTable(rows));
      return 0;
    }
    if (command === 'check-config' && positional.length <= 1) return checkConfig(positional[0] ?? 'tsconfig.json', json, io.out);
    io.err(USAGE);
    return 2;
  } catch (error) {
    io.err(`waymark: ${(error as Error)?.message ?? String(error)}`);
    return 1;
  }
}
