import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { changelogCommand } from './changelog';
import { checkConfigCommand } from './check-config';
import { checkContractCommand } from './check-contract';
import { clientCommand } from './client';
import type { Command, Io } from './command';
import { openapiCommand } from './openapi';
import { routesCommand } from './routes';
import { typesCommand } from './types';
import { packageRoot } from '../util/package-root';

export type { Command, Io } from './command';

/** Every command, by name; adding one is one line here and one file beside this one. */
const commands: Record<string, Command> = {
  routes: routesCommand,
  'check-config': checkConfigCommand,
  types: typesCommand,
  openapi: openapiCommand,
  client: clientCommand,
  changelog: changelogCommand,
  'check-contract': checkContractCommand,
};

const usageLine = (name: string, command: Command) => `waymark ${name} ${command.synopsis}`;

function help(): string {
  const width = Math.max(...Object.entries(commands).map(([name, command]) => usageLine(name, command).length));
  return [
    'usage: waymark <command> [arguments]',
    '',
    'commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${usageLine(name, command).padEnd(width)}  ${command.summary}`),
    '',
    'options:',
    '  --help, -h     show this help (or a command\'s: waymark <command> --help)',
    '  --version, -v  print waymark\'s version',
    '',
    'exit status: 0 success, 1 the command failed, 2 usage error (unknown command or option)',
  ].join('\n');
}

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Runs `waymark <command> ...` and returns the exit status: 0 success, 1 the
 * command failed, 2 a usage error. Help and results go to `io.out`, diagnostics
 * to `io.err`. A command that waits (`check-contract`) returns a promise of
 * the status; every other command returns it at once, as before.
 */
export function main(argv: readonly string[], io: Io = { out: console.log, err: console.error }): number | Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(version());
    return 0;
  }
  if (name === undefined) {
    io.err(help());
    return 2;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`waymark: unknown command '${name}'. Commands: ${Object.keys(commands).join(', ')} (waymark --help).`);
    return 2;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs({ args: [...rest], options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`waymark ${name}: ${(error as Error).message}\nusage: ${usageLine(name, command)}`);
    return 2;
  }
  if (args.values.help) {
    io.out(`usage: ${usageLine(name, command)}\n${command.summary}`);
    return 0;
  }
  const [min, max] = command.positionals;
  if (args.positionals.length < min || args.positionals.length > max) {
    io.err(`usage: ${usageLine(name, command)}`);
    return 2;
  }
  const failed = (error: unknown) => {
    io.err(`waymark ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  };
  try {
    const status = command.run({ positionals: args.positionals, values: args.values }, io);
    return typeof status === 'number' ? status : status.catch(failed);
  } catch (error) {
    return failed(error);
  }
}
