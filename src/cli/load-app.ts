import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from '../app';
import { projectTypeScript } from './project';
import { noLoader, prepareImport, prepareTypeScript } from './typescript';

/**
 * `import()` as Node runs it: TypeScript's CommonJS output would turn a
 * literal `import()` into `require()`, which is what failed.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** Codes of a `require()` that met an ES module it cannot load synchronously (top-level await; Node before require(esm)). */
const NEEDS_IMPORT = /^ERR_REQUIRE_(?:ESM|ASYNC_MODULE)$/;

/** Whether `require()` refused an ES module that `import()` can load: Node's codes, or Bun's uncoded TypeError (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno). */
function needsImport(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return NEEDS_IMPORT.test(typeof code === 'string' ? code : '') || (error instanceof TypeError && /^require\(\) async module .* is unsupported/.test(String(message)));
}

/**
 * The waymark app that a module exports (`default`, `app`, or the first export
 * that is an App). Loading runs the module: what it prints goes to standard
 * error, so standard output carries only the command's result, and an error it
 * throws is reported with its stack. A module that listens on import is fine:
 * the `waymark` binary exits once its output is written. Compiled JavaScript
 * always loads (`.js`, `.cjs`, `.mjs`: an ES module `require()` cannot take,
 * one with top-level await, through `import()`, and then the app comes as a
 * promise); a TypeScript module through the loader the project has
 * (`prepareTypeScript`, docs/cli.md#loading-typescript). `typeCheck: false`
 * loads it without type-checking.
 */
export function loadApp(modulePath: string, options: { typeCheck?: boolean } = {}): App | Promise<App> {
  const file = resolve(modulePath);
  const loader = prepareTypeScript(file, require.extensions, options);
  const failed = (error: unknown) => {
    if (loader === 'node' && error instanceof SyntaxError) {
      const why = `Node ${process.versions.node} strips the types of ${modulePath} but cannot run decorators (${error.message})`;
      return new Error(`${why}. ${noLoader(modulePath, projectTypeScript(dirname(file)))}`);
    }
    return new Error(`${modulePath} threw while loading:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  let exported: Record<string, unknown>;
  try {
    exported = withStdoutOnStderr(() => require(file) as Record<string, unknown>);
  } catch (error) {
    if (!needsImport(error)) throw failed(error);
    const restore = redirectStdout();
    return prepareImport(file, loader, importModule).then(() => importModule(pathToFileURL(file).href)).then(
      (namespace) => (restore(), appOf(modulePath, namespace)),
      (error: unknown) => (restore(), Promise.reject(failed(error))),
    );
  }
  return appOf(modulePath, exported);
}

/** Runs `use` on the module's app, at once or once an ES module has loaded: what a command's `run` returns. */
export function withApp(modulePath: string, use: (app: App) => number | Promise<number>, options: { typeCheck?: boolean } = {}): number | Promise<number> {
  const app = loadApp(modulePath, options);
  return app instanceof Promise ? app.then(use) : use(app);
}

function appOf(modulePath: string, exported: Record<string, unknown>): App {
  const candidates = [exported, exported.default, exported.app, ...Object.values(exported)];
  // A CommonJS module imported as ESM puts its exports under `default`.
  const nested = exported.default && typeof exported.default === 'object' ? Object.values(exported.default as object) : [];
  const app = [...candidates, ...nested].find((value): value is App => value instanceof App);
  if (!app) throw new Error(`${modulePath} exports no waymark app: export the result of createApp() as \`app\` or as the default export.`);
  return app;
}

/** Sends what the module prints to standard error; the function returned puts standard output back. */
function redirectStdout(): () => void {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}

function withStdoutOnStderr<T>(run: () => T): T {
  const restore = redirectStdout();
  try {
    return run();
  } finally {
    restore();
  }
}
