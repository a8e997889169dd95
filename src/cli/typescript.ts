import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nearestTsconfig, projectTypeScript, requireFrom, resolveFrom, type ProjectTypeScript } from './project';

const TYPESCRIPT = new Set(['.ts', '.cts', '.mts', '.tsx']);

/** What `prepareTypeScript` did: a loader it registered, one that was there already, Node's own type stripping, or Deno's TypeScript. */
export type LoaderUsed = 'ts-node' | '@swc-node/register' | 'tsx' | 'registered' | 'node' | 'deno' | null;

interface Loader {
  name: 'ts-node' | '@swc-node/register' | 'tsx';
  /** Why it cannot load the module in this project, or `null` when it can. */
  unfit(dir: string, ts: ProjectTypeScript | null): string | null;
  register(dir: string, file: string, typeCheck: boolean): void;
}

/** ts-node 10 and @swc-node/register read tsconfig.json (and ts-node compiles) through TypeScript's JavaScript API. */
function needsApi(ts: ProjectTypeScript | null): string | null {
  if (ts === null) return 'needs typescript, which is not installed';
  return ts.hasApi ? null : `needs TypeScript's JavaScript API, which typescript ${ts.version} does not have`;
}

/**
 * The loaders, in the order they are tried (docs/cli.md#loading-typescript):
 * the two that record decorator metadata first (ts-node also type-checks),
 * then tsx, the one that runs beside any TypeScript, 7 included.
 */
const LOADERS: readonly Loader[] = [
  {
    name: 'ts-node',
    unfit: (dir, ts) => (resolveFrom(dir, 'ts-node') === null ? 'not installed' : needsApi(ts)),
    register(dir, file, typeCheck) {
      const tsNode = requireFrom(dir)('ts-node') as { register(options: object): void };
      tsNode.register({ projectSearchDir: dirname(file), ...(typeCheck ? {} : { transpileOnly: true }) });
    },
  },
  {
    name: '@swc-node/register',
    unfit(dir, ts) {
      if (resolveFrom(dir, '@swc-node/register/register') === null) return 'not installed';
      if (resolveFrom(dir, '@swc/core') === null) return 'needs @swc/core, which is not installed';
      return needsApi(ts);
    },
    register(dir, file) {
      const project = requireFrom(dir);
      const tsconfig = nearestTsconfig(dirname(file));
      const { readDefaultTsConfig } = project('@swc-node/register/read-default-tsconfig') as { readDefaultTsConfig(path: string): object };
      (project('@swc-node/register/register') as { register(options: object): void }).register(tsconfig === null ? {} : readDefaultTsConfig(tsconfig));
    },
  },
  {
    name: 'tsx',
    unfit: (dir) => (resolveFrom(dir, 'tsx/cjs/api') === null ? 'not installed' : null),
    register(dir, file) {
      // tsx reads the tsconfig.json of the working directory unless told; the module's own decides its decorators.
      const tsconfig = nearestTsconfig(dirname(file));
      const before = process.env.TSX_TSCONFIG_PATH;
      if (before === undefined && tsconfig !== null) process.env.TSX_TSCONFIG_PATH = tsconfig;
      try {
        (requireFrom(dir)('tsx/cjs/api') as { register(): unknown }).register();
      } finally {
        if (before === undefined) delete process.env.TSX_TSCONFIG_PATH;
      }
    },
  },
];

/** Whether Node itself strips types from `.ts` files (22.18+, 23.6+): it then runs a module without decorators, and stops at the first one. */
export function nodeStripsTypes(): boolean {
  return typeof (process.features as { typescript?: unknown }).typescript === 'string';
}

/**
 * Makes `require(file)` work for a TypeScript module with the loader the
 * module's own project has (resolved from the module's folder, not from
 * waymark's): nothing to do when a loader for its extension is registered
 * already (`node -r tsx/cjs`, a checkout) or the runtime is Deno (`runtime`:
 * `process.versions`), which runs TypeScript itself, else the first of ts-node (with a
 * TypeScript that has the JavaScript API, 5 or 6), @swc-node/register (the
 * same), tsx that fits. With none, Node's own type stripping when it has it
 * (load-app.ts explains the SyntaxError a decorator then meets); otherwise an
 * error naming the TypeScript found and what to install. `typeCheck: false`
 * registers ts-node without type-checking, for `waymark types`, whose output
 * the module imports.
 */
export function prepareTypeScript(file: string, loaders: object = require.extensions, { typeCheck = true }: { typeCheck?: boolean } = {}, runtime: Readonly<Record<string, string | undefined>> = process.versions): LoaderUsed {
  const extension = extname(file);
  if (!TYPESCRIPT.has(extension)) return null;
  if (Object.hasOwn(loaders, extension)) return 'registered';
  // Deno runs TypeScript itself, as ES modules, with deno.json's decorator options; ts-node would
  // compile the module again as CommonJS (docs/cli.md#loading-typescript).
  if (runtime.deno !== undefined) return 'deno';
  const dir = dirname(file);
  const ts = projectTypeScript(dir);
  const verdicts = LOADERS.map((loader) => ({ loader, unfit: loader.unfit(dir, ts) }));
  const chosen = verdicts.find(({ unfit }) => unfit === null);
  if (chosen) {
    chosen.loader.register(dir, file, typeCheck);
    return chosen.loader.name;
  }
  if (nodeStripsTypes()) return 'node';
  throw new Error(noLoader(file, ts, verdicts.map(({ loader, unfit }) => `${loader.name} ${unfit}`)));
}

/**
 * Before `import()` of a TypeScript module that `require()` could not take
 * (top-level await): tsx's ES module hooks, beside its CommonJS ones, from
 * the ES module build of `tsx/esm/api` (its CommonJS build looks for the hooks
 * beside the wrong file). The other loaders' hooks are Node flags
 * (`--loader ts-node/esm`), given by the user.
 */
export async function prepareImport(file: string, loader: LoaderUsed, importModule: (url: string) => Promise<Record<string, unknown>>): Promise<void> {
  if (loader !== 'tsx') return;
  const manifest = requireFrom(dirname(file)).resolve('tsx/package.json');
  const entry = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import?: { default?: string } }> }).exports['./esm/api']?.import?.default;
  if (entry === undefined) return;
  const api = (await importModule(pathToFileURL(join(dirname(manifest), entry)).href)) as { register(): unknown };
  api.register();
}

/** The message for a TypeScript module no loader can run: the TypeScript found, why each loader does not fit, what to install. */
export function noLoader(file: string, ts: ProjectTypeScript | null, reasons: readonly string[] = []): string {
  const found = ts === null ? 'no typescript is installed' : `the project has typescript ${ts.version}`;
  const install = ts === null || ts.hasApi
    ? 'npm install --save-dev ts-node (it type-checks and records decorator metadata), or @swc-node/register @swc/core, or tsx'
    : 'npm install --save-dev tsx (ts-node and @swc-node/register need TypeScript 5 or 6)';
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return (
    `${file} is TypeScript, and no loader for it fits: ${found}${why}. Install one: ${install}; ` +
    'or compile the module and pass the .js file. tsx records no decorator metadata: give each typed parameter its type (docs/cli.md#loading-typescript).'
  );
}
