#!/usr/bin/env node
'use strict';
/**
 * `node scripts/bundle.js [dir]` (default `dist`), after `tsc`: puts the compiled
 * code of `dir` into two files and turns the package's entry files into stubs:
 *
 *   dir/bundle.js        the library: every module `index.js` reaches
 *   dir/bundle-tools.js  the CLI, runner-options and testing; a module the library has is
 *                        taken from bundle.js, never copied
 *   dir/index.js                 (`waymark`)                 = bundle.root()
 *   dir/runner-options/index.js  (`waymark/runner-options`)  = tools.runnerOptions()
 *   dir/testing/index.js         (`waymark/testing`)         = tools.testing()
 *   dir/cli/main.js              (bin/waymark.js)            = tools.cli()
 *
 * Why a bundle: loading ~80 files costs more RSS than one (Node's loader gets
 * hot and optimised, and leaves per-module garbage): 1.1 MiB for a 10-route
 * server, 2.2 MiB with 5,000 routes (docs/performance.md, "One bundled file"). Why two: a server's
 * file then carries none of the CLI's and runner-options' ~60 KB (one file for
 * all three measured 1.5 MiB more at 5,000 routes before main's table work,
 * the same after it).
 * Why shared modules: the entries share classes and module state (an app made
 * through `waymark` is read by the CLI's `runtimeOf` WeakMap and checked with
 * `instanceof App`; typegen checks `instanceof URLPathVersioning`;
 * `RunnerOptionsError extends WaymarkError`), and CommonJS output has no shared
 * chunks, so bundle.js hands out its modules by file name (`module(file)`).
 * Every module is wrapped and runs on its first `require`: `waymark/runner-options`
 * still loads neither Koa nor the reflect-metadata check.
 *
 * Input is tsc's output, not the .ts sources: esbuild does not implement
 * `emitDecoratorMetadata`. Dependencies stay external. The source maps compose
 * tsc's maps, so they point at `src/*.ts`. Declarations (.d.ts) are untouched.
 */
const { existsSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');
const esbuild = require('esbuild');
const { decode, encode } = require('@jridgewell/sourcemap-codec');

const dir = resolve(process.argv[2] || 'dist');
const LIBRARY = 'bundle.js';
const TOOLS = 'bundle-tools.js';
/** Each entry file, the bundle that holds it, and that bundle's accessor of its exports. */
const ENTRIES = [
  { file: 'index.js', bundle: LIBRARY, accessor: 'root' },
  { file: 'runner-options/index.js', bundle: TOOLS, accessor: 'runnerOptions' },
  { file: 'testing/index.js', bundle: TOOLS, accessor: 'testing' },
  { file: 'cli/main.js', bundle: TOOLS, accessor: 'cli' },
].filter(({ file }) => existsSync(join(dir, file)));

if (!ENTRIES.some(({ file }) => file === 'index.js')) fail(`${join(dir, 'index.js')} is missing: run tsc first.`);
if (readFileSync(join(dir, 'index.js'), 'utf8').includes(`require("./${LIBRARY}")`)) fail(`${dir} is bundled already: run tsc again first.`);
for (const name of [LIBRARY, TOOLS]) {
  if (existsSync(join(dir, name.replace(/\.js$/, '.d.ts')))) fail(`${join(dir, name)} would overwrite a compiled source file: rename one of them.`);
}

const common = {
  absWorkingDir: dir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  packages: 'external',
  sourcemap: 'linked',
  sourcesContent: false,
  // Non-ASCII characters in code are escaped (the default, stated: asciiOnly relies on it).
  charset: 'ascii',
  logLevel: 'warning',
};

main().catch((error) => fail(error.message));

async function main() {
  // The library's modules: what index.js reaches (a dry run only to read the metafile).
  const { metafile } = await esbuild.build({ ...common, entryPoints: ['index.js'], write: false, sourcemap: false, metafile: true });
  const libraryFiles = Object.keys(metafile.inputs).sort();

  // Each accessor `require`s its module, so esbuild wraps every module and none runs before it is asked for.
  await build(LIBRARY, [
    'exports.root = () => require("./index.js");',
    '/** A module of the library by its file name, for bundle-tools.js: one copy of each class and of module state. */',
    'exports.module = (file) => {',
    '  switch (file) {',
    ...libraryFiles.map((file) => `    case ${JSON.stringify(file)}: return require(${JSON.stringify(`./${file}`)});`),
    '  }',
    '  throw new Error(`waymark: ${file} is not in the bundle: rebuild the package (npm run build)`);',
    '};',
  ]);
  const tools = ENTRIES.filter((entry) => entry.bundle === TOOLS);
  if (tools.length > 0) {
    const { metafile: toolsMeta } = await build(
      TOOLS,
      tools.map(({ file, accessor }) => `exports.${accessor} = () => require(${JSON.stringify(`./${file}`)});`),
      [fromLibrary(new Set(libraryFiles))],
    );
    const copied = Object.keys(toolsMeta.inputs).filter((file) => libraryFiles.includes(file));
    if (copied.length > 0) fail(`${TOOLS} has its own copy of ${copied.join(', ')}: those must come from ${LIBRARY}.`);
  }

  for (const { file, bundle, accessor } of ENTRIES) {
    const path = join(dir, file);
    const names = exportedNames(readFileSync(path, 'utf8'));
    const from = relative(dirname(path), join(dir, bundle)).replace(/\\/g, '/');
    writeFileSync(
      path,
      [
        '"use strict";',
        `// Built by scripts/bundle.js: the code is in ${from}.`,
        `module.exports = require(${JSON.stringify(from.startsWith('.') ? from : `./${from}`)}).${accessor}();`,
        // Never runs: it lists the names for Node's ESM import of this CommonJS file (cjs-module-lexer).
        `0 && (module.exports = { ${names.join(', ')} });`,
        '',
      ].join('\n'),
    );
    rmSync(`${path}.map`, { force: true }); // tsc's map of the file this stub replaced
  }
}

async function build(outfile, lines, plugins = []) {
  const what = outfile === LIBRARY ? "waymark's library" : `waymark's CLI and runner-options; the library's modules come from ./${LIBRARY}`;
  const result = await esbuild.build({
    ...common,
    stdin: { contents: lines.join('\n'), resolveDir: dir, sourcefile: `${outfile}-entry.js`, loader: 'js' },
    outfile: join(dir, outfile),
    banner: { js: `// ${what} (scripts/bundle.js: tsc's output bundled by esbuild).` },
    plugins,
    metafile: true,
  });
  if (result.errors.length > 0) fail(`${outfile} failed`);
  asciiOnly(join(dir, outfile));
  dropGeneratedSources(join(dir, `${outfile}.map`));
  return result;
}

/**
 * V8 keeps each script's source for as long as the script lives, one byte a
 * character when it is all ASCII and two otherwise. esbuild escapes non-ASCII
 * characters in strings, templates and regular expressions (its default
 * `charset: 'ascii'`) but keeps the doc comments of classes and object
 * literals as written, so three comments (a `±`, a `→`, a `é`) made V8 hold
 * the library's 300 KB as 600 KB: idle RSS after GC of the bench's waymark
 * server, median of 5, 57.2 -> 56.9 MiB with 10 routes and 73.3 -> 72.3 with
 * 5,000. Each non-ASCII UTF-16 unit left, in a comment, becomes `?`: one unit
 * for one, so the source map's columns still hold.
 */
function asciiOnly(file) {
  const code = readFileSync(file, 'utf8');
  if (/^[\x00-\x7f]*$/.test(code)) return;
  writeFileSync(file, code.replace(/[^\x00-\x7f]/g, '?'));
}

/** In bundle-tools.js, a relative import of a module bundle.js has becomes `require("./bundle.js").module(file)`. */
function fromLibrary(library) {
  return {
    name: 'from-library',
    setup(build) {
      build.onResolve({ filter: /^\./, namespace: 'file' }, (args) => {
        const file = relative(dir, resolveFile(join(args.resolveDir, args.path))).replace(/\\/g, '/');
        return library.has(file) ? { path: file, namespace: 'library' } : undefined;
      });
      build.onResolve({ filter: /^library$/, namespace: 'library' }, () => ({ path: `./${LIBRARY}`, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'library' }, (args) => ({
        contents: `module.exports = require("library").module(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The code this script generates (the entries, the library's stand-ins in
 * bundle-tools.js) is in the map as sources that are no files (`bundle.js-entry.js`,
 * `library:app.js`): they leave `sources`, and their segments become unmapped,
 * so a map names only files the package ships.
 */
function dropGeneratedSources(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const kept = map.sources.map((source) => existsSync(resolve(dirname(mapFile), source)));
  const index = [];
  kept.reduce((next, keep, i) => ((index[i] = keep ? next : -1), keep ? next + 1 : next), 0);
  // Decoded segments are [column] or [column, source, line, column(, name)], absolute.
  map.mappings = encode(
    decode(map.mappings).map((line) =>
      line.map((segment) => (segment.length === 1 || index[segment[1]] === -1 ? [segment[0]] : [segment[0], index[segment[1]], ...segment.slice(2)])),
    ),
  );
  map.sources = map.sources.filter((_, i) => kept[i]);
  writeFileSync(mapFile, JSON.stringify(map));
}

/** Node's resolution of a relative require of tsc's output: the file, `.js` added, or the folder's index.js. */
function resolveFile(path) {
  for (const candidate of [path, `${path}.js`, join(path, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return path;
}

/** The names a tsc-emitted CommonJS module exports (`exports.x = ...`, `Object.defineProperty(exports, "x", ...)`). */
function exportedNames(code) {
  const names = new Set();
  for (const match of code.matchAll(/\bexports\.([A-Za-z_$][\w$]*)\s*=|Object\.defineProperty\(exports, "([A-Za-z_$][\w$]*)"/g)) {
    names.add(match[1] || match[2]);
  }
  names.delete('__esModule');
  return [...names];
}

function fail(message) {
  console.error(`scripts/bundle.js: ${message}`);
  process.exit(1);
}
