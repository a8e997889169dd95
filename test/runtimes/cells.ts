// The runtimes suite (.ci/suites/runtimes.sh, docs/toolchains.md#waymarks-own-tests-on-bun-and-deno):
// waymark's own in-process tests, the files `npm test` runs, on Bun and on Deno, each from
// source and compiled by tsc (Deno's as ES modules, and once more as CommonJS). This file is the
// one list of what runs where and why not.

export type Runtime = 'bun' | 'deno';

export interface Cell {
  name: string;
  runtime: Runtime;
  /** Whether the runtime runs tsc's JavaScript (src and test compiled into .build/) rather than the TypeScript. */
  compiled: boolean;
  /** Whether the files run as ES modules (shimmed copies, test/runtimes/trees.ts) rather than as CommonJS. */
  esm: boolean;
}

export const cells: readonly Cell[] = [
  { name: 'bun-source', runtime: 'bun', compiled: false, esm: false },
  { name: 'bun-compiled', runtime: 'bun', compiled: true, esm: false },
  // Deno's own rows are ES modules, as a Deno app runs them; deno-compiled is the CommonJS that
  // waymark publishes, which a Deno app's `import 'waymark'` loads (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno).
  { name: 'deno-esm-source', runtime: 'deno', compiled: false, esm: true },
  { name: 'deno-esm-compiled', runtime: 'deno', compiled: true, esm: true },
  { name: 'deno-compiled', runtime: 'deno', compiled: true, esm: false },
];

/** The binaries, from their npm packages, installed once into the toolchain cache (.ci/toolchain-cache.sh). */
export const binaries: Record<Runtime, [spec: string, path: string]> = {
  bun: ['bun@1', '@oven/bun-linux-x64/bin/bun'],
  deno: ['deno@2', '@deno/linux-x64-glibc/deno'],
};

export interface Exclusion {
  /** A test file, as `npm test` names it. */
  file: string;
  /** One test of the file (its full title, as mocha prints it), rather than the whole file. */
  test?: string;
  /** The cells it does not run in. */
  cells: readonly string[];
  /** What it needs that the runtime does not have, or does differently. */
  reason: string;
}

const bun = ['bun-source', 'bun-compiled'];
const compiled = ['bun-compiled', 'deno-compiled', 'deno-esm-compiled'];
/** The compiled trees (test/runtimes/trees.ts) hold tsc's .js and no .ts: Bun, and Deno's sloppy imports, would resolve `./x` to x.ts before x.js and run the source. */
const READS_SOURCES = 'reads TypeScript files (src/, examples/ or test/fixtures/ .ts, read as text or loaded by the CLI), which the compiled tree does not hold';
const deno = ['deno-esm-source', 'deno-esm-compiled', 'deno-compiled'];
/** Deno's `process.execPath` is deno, which takes neither Node's flags nor a CommonJS `.ts`. */
const NODE_CHILD = "starts a child process as `process.execPath` with Node's flags (`-r`, `-e`), which on Deno is deno";
const V8_NATIVES = "asks V8 whether a key is internalized (`%IsInternalizedString` after node:v8's `--allow-natives-syntax`); Bun is JavaScriptCore, which has neither";

/**
 * Test files that do not run in a cell, each with its reason. Files that `.mocharc.json` already
 * ignores (the spawn tests, the CLI tests that start processes) are not run here either.
 * Every other test runs; a test that fails is a bug to fix or a difference to write into
 * docs/toolchains.md, never an entry here without a reason that names what the runtime lacks.
 */
export const excluded: readonly Exclusion[] = [
  { file: 'test/util/keys.test.ts', cells: bun, reason: V8_NATIVES },
  { file: 'test/architecture.test.ts', cells: compiled, reason: `${READS_SOURCES} (the import graph of src/*.ts)` },
  { file: 'test/cli/check-contract.test.ts', cells: compiled, reason: `${READS_SOURCES} (examples/app.ts)` },
  { file: 'test/cli/client.test.ts', cells: compiled, reason: `${READS_SOURCES} (examples/app.ts)` },
  { file: 'test/cli/load-app.test.ts', cells: compiled, reason: `${READS_SOURCES} (test/fixtures/cli/snapshot-app.ts)` },
  { file: 'test/cli/snapshots.test.ts', cells: compiled, reason: `${READS_SOURCES} (examples/app.ts)` },
  { file: 'test/docs-security.test.ts', cells: compiled, reason: `${READS_SOURCES} (the test files docs/security.md cites)` },
  { file: 'test/readme-links.test.ts', cells: compiled, reason: `${READS_SOURCES} (the examples/*.ts the pages link to)` },
  { file: 'test/runtimes/cells.test.ts', cells: compiled, reason: `${READS_SOURCES} (the test files this list names, to check that each exists and has the titles named)` },
  {
    file: 'test/errors.test.ts',
    test: 'errors: the catalogue covers every code the source uses every code in src/ is in ErrorCatalogue or, for runner-option problems, in ProblemCodes',
    cells: compiled,
    reason: `${READS_SOURCES} (src/**/*.ts)`,
  },
  {
    file: 'test/http/reserved-extensions.test.ts',
    test: 'http/errors: a reserved problem extension name (reserved_extension_name) is a compile-time error: each @ts-expect-error line of the fixture is an error without its directive',
    cells: compiled,
    reason: `${READS_SOURCES} (test/fixtures/types/reserved-extensions.ts)`,
  },
  {
    file: 'test/reliability/redos.test.ts',
    test: 'reliability: ReDoS (recheck over every compiled regular expression) every regular-expression literal in src/',
    cells: compiled,
    reason: `${READS_SOURCES} (src/**/*.ts)`,
  },
  {
    file: 'test/table/duplicate-names.test.ts',
    test: 'table/duplicate-names: one name on routes with different paths (duplicate_route_names) is marked in waymark routes, in the table and in --json',
    cells: compiled,
    reason: `${READS_SOURCES} (test/fixtures/cli/shared-names.ts)`,
  },
  { file: 'test/routing/tree/node.test.ts', cells: bun, reason: V8_NATIVES },
  {
    file: 'test/reliability/paths.test.ts',
    test: 'reliability: paths, parameters and limits P11: absolute-form targets route on the path and keep the Host header; OPTIONS * is a 404',
    cells: bun,
    reason: "Bun's HTTP server answers `OPTIONS *` (an asterisk-form target) with a bare 400 before the app sees it",
  },
  {
    file: 'test/readme.test.ts',
    cells: ['deno-compiled'],
    reason: "writes each ts block of README.md and docs/ as a .ts file and require()s it: with no ts-node hook (the compiled cell has none) Deno runs a .ts as an ES module, which cannot import 'waymark' mapped to the compiled src/ folder (a folder is no ES module)",
  },
  {
    file: 'test/docs-page/relative.test.ts',
    test: 'docs-page/relative resolves, against any page address, to the target path on the same origin',
    cells: deno,
    reason: "Deno's URL takes a segment like `a:` in an http: URL for a Windows drive letter: `new URL('../', 'http://page.test/a:/')` is `/a:/` there, `/` in Node and the browsers that follow the links (the property finds such a segment in some runs)",
  },
  {
    file: 'test/docs-page/swagger-ui.test.ts',
    test: 'docs-page/swagger-ui in a process where the package cannot be found, docsRoutes() throws it and createApp never runs',
    cells: deno,
    reason: NODE_CHILD,
  },
  {
    file: 'test/readme.test.ts',
    test: 'README and docs/: every ts block runs docs/getting-started.md snippet 2 runs (// src/server.ts)',
    cells: deno,
    reason: `${NODE_CHILD} (the server module, until it listens)`,
  },
  {
    file: 'test/readme.test.ts',
    test: 'README and docs/: every ts block runs docs/toolchains.md snippet 3 runs (// src/server.ts)',
    cells: deno,
    reason: `${NODE_CHILD} (the server module, until it listens)`,
  },
  {
    file: 'test/reliability/paths.test.ts',
    test: 'reliability: paths, parameters and limits L6: more headers than Node keeps are dropped (Node 20) or refused by Node with a 431 (Node 22 and later), never fatal',
    cells: deno,
    reason: "Deno's node:http keeps all 2,100 request headers and the app answers 200, where Node 22 and later refuse them with a 431 (and Node 20 drops those past 2,000)",
  },
  {
    file: 'test/readme.test.ts',
    test: "README and docs/: every ts block runs docs/controllers-and-parameters.md snippet 4 runs (@Controller('/users'))",
    cells: bun,
    reason: 'Bun runs the snippet from source (also in bun-compiled: test/readme.test.ts writes it as .ts); it shows that TypeScript records `n: number | undefined` as Object, so the app is refused; Bun drops the `undefined` and records Number, so the app builds',
  },
];

/** Whether the whole of `file` stays out of `cell`. */
export function fileExcluded(file: string, cell: string): boolean {
  return excluded.some((entry) => entry.file === file && entry.test === undefined && entry.cells.includes(cell));
}

/** The full titles of the single tests that stay out of `cell`. */
export function testsExcluded(cell: string): string[] {
  return excluded.filter((entry) => entry.test !== undefined && entry.cells.includes(cell)).map((entry) => entry.test!);
}
