import 'reflect-metadata';
import { formatTable, loadApp, rowsOf } from './routes';

const USAGE = `usage:
  waymark routes <module> [--json]     print the named-route table of the app <module> exports`;

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
    io.err(USAGE);
    return 2;
  } catch (error) {
    io.err(`waymark: ${(error as Error)?.message ?? String(error)}`);
    return 1;
  }
}
