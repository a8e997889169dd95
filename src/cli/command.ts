import type { ParseArgsConfig } from 'node:util';

/** Where a command writes: standard output for results, standard error for diagnostics. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** What `util.parseArgs` gives a command: its positional arguments and option values. */
export interface Args {
  positionals: string[];
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

/**
 * One `waymark <name>` command. `main` parses the arguments against `options`
 * and `positionals` (an unknown option or a wrong count is a usage error, exit 2)
 * and answers `--help` itself, so `run` only does the work.
 */
export interface Command {
  /** What follows `waymark <name>` in the usage line: `<module> [--json]`. */
  readonly synopsis: string;
  /** One line for `waymark --help`. */
  readonly summary: string;
  /** Options as `util.parseArgs` takes them (`--help` is added). */
  readonly options?: NonNullable<ParseArgsConfig['options']>;
  /** How many positional arguments the command takes, at least and at most. */
  readonly positionals: readonly [min: number, max: number];
  /** Does the work; returns the exit status (a promise of it for a command that waits, such as `check-contract`). */
  run(args: Args, io: Io): number | Promise<number>;
}
