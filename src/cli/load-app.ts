import { resolve } from 'node:path';
import { App } from '../app';
import { prepareTypeScript } from './typescript';

/**
 * The waymark app that a module exports (`default`, `app`, or the first export
 * that is an App). Loading runs the module: what it prints goes to standard
 * error, so standard output carries only the command's result, and an error it
 * throws is reported with its stack. A module that listens on import is fine:
 * the `waymark` binary exits once its output is written. `typeCheck: false`
 * loads a TypeScript module without type-checking it (see `prepareTypeScript`).
 */
export function loadApp(modulePath: string, options: { typeCheck?: boolean } = {}): App {
  const file = resolve(modulePath);
  prepareTypeScript(file, require.extensions, options);
  const exported = withStdoutOnStderr(() => {
    try {
      return require(file) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${modulePath} threw while loading:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  });
  const candidates = [exported, exported.default, exported.app, ...Object.values(exported)];
  const app = candidates.find((value): value is App => value instanceof App);
  if (!app) throw new Error(`${modulePath} exports no waymark app: export the result of createApp() as \`app\` or as the default export.`);
  return app;
}

function withStdoutOnStderr<T>(run: () => T): T {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return run();
  } finally {
    process.stdout.write = write;
  }
}
