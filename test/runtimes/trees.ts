// The trees the runtimes suite's cells run in (test/runtimes/run.ts,
// docs/toolchains.md#waymarks-own-tests-on-bun-and-deno), each a copy of the repository's layout
// so that the tests find what they read: `join(__dirname, '..', '..')` is a root with docs/,
// package.json and node_modules.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..');

/** Where each tree is: the source cells but the ES module one run in the repository itself. */
export const trees = {
  /** tsc's CommonJS output of src/ and test/. */
  commonjs: join(root, '.build', 'runtimes'),
  /** tsc's ES module output of src/ and test/. */
  esmCompiled: join(root, '.build', 'runtimes-esm'),
  /** The `.ts` files themselves, with the shim below, for Deno to run as ES modules. */
  esmSource: join(root, '.build', 'runtimes-esm-source'),
};

/** The folders of TypeScript that the tests import from: src/, test/ and what they reach in examples/, scripts/ and bench/. */
const SOURCES = ['src', 'test', 'examples', 'scripts', 'bench'];

/**
 * The CommonJS module variables as an ES module makes them, the lines that tsup's `shims` and
 * esbuild users' banners add. Prepended on the first line, so that every other line keeps its
 * number (stack traces, the tests that read line numbers). Written here rather than by esbuild:
 * its banner is the same prepending, and its TypeScript transform drops the decorator metadata.
 */
const SHIM =
  "import { createRequire as __shimRequire } from 'node:module'; import { fileURLToPath as __shimPath } from 'node:url'; import { dirname as __shimDirname } from 'node:path'; " +
  'const require = __shimRequire(import.meta.url); const __filename = __shimPath(import.meta.url); const __dirname = __shimDirname(__filename); ';

/** Whether a module names `require`, `__dirname` or `__filename` (in a comment too: the shim is then unused, and harmless). */
const USES_COMMONJS = /\b(?:require|__dirname|__filename)\b/;
/**
 * A `require.main === module` (a script's "run when started, not when imported") needs a
 * `module` too: an object that is not `require.main`, as for a CommonJS module someone imported.
 */
const MAIN_CHECK = /\brequire\.main\b/;

/** Prepends the shim to each file of `dir` (recursively) that ends with `extension` and uses a CommonJS variable; how many it shimmed. */
function shim(dir: string, extension: string): number {
  let count = 0;
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith(extension) || file.endsWith('.d.ts')) continue;
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    if (!USES_COMMONJS.test(text)) continue;
    writeFileSync(path, SHIM + (MAIN_CHECK.test(text) ? 'const module = {}; ' : '') + text);
    count++;
  }
  return count;
}

function tsc(project: string): void {
  const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(__dirname, project)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`tsc failed on test/runtimes/${project}`);
}

/**
 * Beside tsc's output in `tree`, the other files of the folders it compiled (fixtures, pages),
 * and the rest of the repository linked. No `.ts` is copied: Bun resolves `./x` to x.ts before
 * x.js, and Deno's sloppy imports would too.
 */
function complete(tree: string): void {
  for (const entry of readdirSync(root)) {
    if (['.build', '.git'].includes(entry)) continue;
    if (existsSync(join(tree, entry))) cpSync(join(root, entry), join(tree, entry), { recursive: true, filter: (from) => !from.endsWith('.ts') || from.endsWith('.d.ts') });
    else symlinkSync(join(root, entry), join(tree, entry));
  }
}

/** src and test compiled by tsc as CommonJS, with declarations (the tests that type-check generated code read them), for bun-compiled and deno-compiled. */
export function buildCommonJs(): void {
  rmSync(trees.commonjs, { recursive: true, force: true });
  tsc('tsconfig.json');
  complete(trees.commonjs);
}

/**
 * The same compiled as ES modules (test/runtimes/tsconfig.esm.json), shimmed, with a copy of
 * package.json that says `"type": "module"`: Deno takes a `.js` that calls `require()` in a
 * package without a type for CommonJS.
 */
export function buildEsmCompiled(): void {
  rmSync(trees.esmCompiled, { recursive: true, force: true });
  tsc('tsconfig.esm.json');
  const shimmed = shim(trees.esmCompiled, '.js'); // all that tsc wrote: src/, test/ and what they import from examples/ and scripts/
  complete(trees.esmCompiled);
  rmSync(join(trees.esmCompiled, 'package.json'));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(trees.esmCompiled, 'package.json'), `${JSON.stringify({ ...manifest, type: 'module' }, null, 2)}\n`);
  console.log(`${trees.esmCompiled}: ${shimmed} modules shimmed`);
}

/** The TypeScript folders copied, their `.ts` files shimmed, the rest of the repository linked: Deno transpiles them itself (test/runtimes/deno-esm.json). */
export function buildEsmSource(): void {
  rmSync(trees.esmSource, { recursive: true, force: true });
  mkdirSync(trees.esmSource, { recursive: true });
  let shimmed = 0;
  for (const entry of readdirSync(root)) {
    if (['.build', '.git'].includes(entry)) continue;
    if (!SOURCES.includes(entry)) {
      symlinkSync(join(root, entry), join(trees.esmSource, entry));
      continue;
    }
    cpSync(join(root, entry), join(trees.esmSource, entry), { recursive: true, filter: (from) => !from.includes('/.build') });
    shimmed += shim(join(trees.esmSource, entry), '.ts');
  }
  console.log(`${trees.esmSource}: ${shimmed} modules shimmed`);
}
