// Runs waymark's own in-process tests on Bun and Deno (.ci/suites/runtimes.sh,
// docs/toolchains.md#waymarks-own-tests-on-bun-and-deno): mocha itself, started by the runtime,
// in each cell of test/runtimes/cells.ts, then one summary in mocha's words for .ci/run to count.
//   node -r ts-node/register test/runtimes/run.ts [cell...]
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { binaries, cells, fileExcluded, testsExcluded, type Cell, type Runtime } from './cells';
import { buildCommonJs, buildEsmCompiled, buildEsmSource, root, trees } from './trees';

/**
 * The files `npm test` runs: test/**\/*.test.ts but for .mocharc.json's `ignore`, whose patterns
 * are paths or `**` and `*` globs (matched here by hand: Node 20 has no fs.globSync, and the glob
 * package is only mocha's dependency, not this repository's).
 */
function suiteFiles(): string[] {
  const { ignore } = require('../../.mocharc.json') as { ignore: string[] };
  const ignored = ignore.map((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '(?:.*/)?')}$`));
  return (readdirSync(join(root, 'test'), { recursive: true }) as string[])
    .map((file) => `test/${file.split('\\').join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && !ignored.some((pattern) => pattern.test(file)))
    .sort();
}

function binary(runtime: Runtime): string {
  const [spec, path] = binaries[runtime];
  const result = spawnSync(join(root, '.ci', 'toolchain-cache.sh'), ['tool', spec, path], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the toolchain cache could not install ${spec}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The folder a cell runs in: the repository for the CommonJS source cells, else its tree (test/runtimes/trees.ts). */
function treeOf(cell: Cell): string {
  if (cell.esm) return cell.compiled ? trees.esmCompiled : trees.esmSource;
  return cell.compiled ? trees.commonjs : root;
}

interface Counts {
  passing: number;
  failing: number;
  pending: number;
}

function countsIn(output: string): Counts {
  const last = (word: string) => Number([...output.matchAll(new RegExp(`^ +(\\d+) ${word}`, 'gm'))].pop()?.[1] ?? 0);
  return { passing: last('passing'), failing: last('failing'), pending: last('pending') };
}

/**
 * The command that starts mocha on the runtime, in the cell's tree. Bun runs mocha's command
 * line. Deno runs test/runtimes/mocha-require.cjs in the CommonJS cells (mocha's API, files
 * taken by require(): that file says why), whose source files go through ts-node's require hook
 * as `npm test`'s do, and test/runtimes/mocha-import.mjs in the ES module cells (files taken by
 * import(), with Deno's own TypeScript transpiler and sloppy imports: test/runtimes/deno-esm.json).
 */
function mochaCommand(cell: Cell, bin: string, files: string[]): string[] {
  const setup = cell.compiled ? './test/setup/warnings.js' : './test/setup/warnings.ts';
  const tests = testsExcluded(cell.name);
  const grep = tests.length > 0 ? tests.map((title) => `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).join('|') : undefined;
  if (cell.runtime === 'deno') {
    // --v8-flags: Deno's node:v8 setFlagsFromString() does nothing, and two tests ask V8 natives (test/util/internalized.ts).
    const deno = [bin, 'run', '-A', '--quiet', '--v8-flags=--allow-natives-syntax', '--config', join(__dirname, cell.esm ? 'deno-esm.json' : 'deno.json')];
    if (cell.esm) return [...deno, 'test/runtimes/mocha-import.mjs', JSON.stringify({ files, import: ['reflect-metadata', setup], grep, timeout: 30000 })];
    const require = [...(cell.compiled ? [] : ['ts-node/register']), 'reflect-metadata', setup];
    return [...deno, 'test/runtimes/mocha-require.cjs', JSON.stringify({ files, require, grep, timeout: 30000 })];
  }
  const mocha = ['node_modules/mocha/bin/mocha.js', '--no-config', '-r', 'reflect-metadata', '-r', setup, '--timeout', '30000', '--reporter', 'dot'];
  if (!cell.compiled) mocha.push('--extension', 'ts');
  if (grep !== undefined) mocha.push('--grep', grep, '--invert');
  // --no-install: Bun would otherwise fetch a package that a folder without node_modules asks for
  // (its auto-install), where Node says MODULE_NOT_FOUND and waymark falls back to its own copy.
  return [bin, '--no-install', ...mocha, ...files];
}

function runCell(cell: Cell, all: string[]): Promise<Counts & { excluded: number; tests: number; seconds: number; status: number }> {
  const files = all.filter((file) => !fileExcluded(file, cell.name));
  const excluded = all.length - files.length;
  const tests = testsExcluded(cell.name).length;
  const cwd = treeOf(cell);
  const command = mochaCommand(cell, binary(cell.runtime), cell.compiled ? files.map((file) => file.replace(/\.ts$/, '.js')) : files);
  console.log(`\n=== ${cell.name}: ${files.length} files (${excluded} files and ${tests} single tests excluded, test/runtimes/cells.ts)`);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk, process.stdout.write(chunk)));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('close', (code) => done({ ...countsIn(output), excluded, tests, seconds: (Date.now() - started) / 1000, status: code ?? 1 }));
  });
}

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((name) => !cells.some((cell) => cell.name === name));
  if (unknown.length > 0) throw new Error(`no cell ${unknown.join(', ')}: the cells are ${cells.map((cell) => cell.name).join(', ')}`);
  const chosen = names.length > 0 ? cells.filter((cell) => names.includes(cell.name)) : cells;
  const all = suiteFiles();
  console.log(`${all.length} test files, as npm test runs them`);
  if (chosen.some((cell) => cell.compiled && !cell.esm)) buildCommonJs();
  if (chosen.some((cell) => cell.compiled && cell.esm)) buildEsmCompiled();
  if (chosen.some((cell) => !cell.compiled && cell.esm)) buildEsmSource();
  const rows: string[] = [];
  const total: Counts = { passing: 0, failing: 0, pending: 0 };
  let status = 0;
  for (const cell of chosen) {
    const result = await runCell(cell, all);
    const failing = result.status !== 0 && result.failing === 0 ? 1 : result.failing;
    if (result.status !== 0 || result.passing === 0) status = 1;
    total.passing += result.passing;
    total.failing += failing;
    total.pending += result.pending;
    rows.push(`${cell.name.padEnd(17)} ${String(result.passing).padStart(5)} passed ${String(failing).padStart(4)} failed ${String(result.pending).padStart(3)} pending ${String(result.excluded).padStart(3)} files and ${result.tests} tests excluded ${result.seconds.toFixed(0).padStart(5)} s`);
  }
  console.log(`\nruntimes suite (${relative(root, __filename)}):\n${rows.join('\n')}`);
  console.log(`\n  ${total.passing} passing\n  ${total.failing} failing\n  ${total.pending} pending`);
  return status;
}

void main(process.argv.slice(2)).then((status) => (process.exitCode = status), (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

