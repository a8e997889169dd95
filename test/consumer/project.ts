import { expect } from 'chai';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';

// What the consumer suites share: a scratch folder outside the repository, the pages a new user
// follows, and running commands there (test/consumer/*.suite.ts, run by .ci/suites/consumer.sh).
export const root = resolve(__dirname, '..', '..');
export const work = mkdtempSync(join(tmpdir(), 'waymark-consumer-'));
export const TEN_MINUTES = 10 * 60_000;

export interface Section {
  installs: string[][];
  tsconfig: string;
  files: Map<string, string>;
  curls: { path: string; answer: string }[];
}

/** The page a new user follows, then the guides whose `// src/...` files belong to the same project. */
const PAGES = ['docs/getting-started.md', 'docs/guards-and-injection.md', 'docs/contracts.md'];

/** What a new user installs, configures and writes, following those pages in order. */
export function section(): Section {
  const texts = PAGES.map((page) => readFileSync(join(root, page), 'utf8'));
  const blocks = (text: string, lang: string) => [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);
  const commands = texts.flatMap((text) => blocks(text, 'sh')).flatMap((block) => block.split('\n')).map((line) => line.replace(/#.*/, '').trim());
  const files = new Map<string, string>();
  for (const code of texts.flatMap((text) => blocks(text, 'ts'))) {
    const path = /^\/\/ (src\/[\w./-]+\.ts)\n/.exec(code)?.[1];
    if (path) {
      if (files.has(path)) throw new Error(`two pages write ${path}`);
      files.set(path, code);
    }
  }
  const curls = [...texts[0].matchAll(/^curl localhost:3000(\S+) +# (.+)$/gm)].map((match) => ({ path: match[1], answer: match[2] }));
  return {
    installs: commands.filter((line) => line.startsWith('npm install ')).map((line) => line.split(/\s+/).slice(2)),
    tsconfig: blocks(texts[0], 'json')[0],
    files,
    curls,
  };
}

let packed: { tarball: string; files: string[] } | undefined;

/** `npm pack` of the repository into the scratch folder, once per run: the tarball and the files it ships. */
export function packOnce(): { tarball: string; files: string[] } {
  if (!packed) {
    const [result] = JSON.parse(succeeds(run('npm', ['pack', '--json', '--pack-destination', work], root))) as { filename: string; files: { path: string }[] }[];
    packed = { tarball: join(work, result.filename), files: result.files.map((file) => file.path) };
  }
  return packed;
}

export function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: TEN_MINUTES });
}

export function succeeds(result: SpawnSyncReturns<string>): string {
  expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
  return result.stdout;
}

/** An empty folder with a package.json, as `npm init -y` makes it. */
export function project(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  succeeds(run('npm', ['init', '-y'], dir));
  return dir;
}

export function writeFiles(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, code] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
}

/** Removes the scratch folder after the run (KEEP_CONSUMER=1 keeps it to look at). */
export function removeWork(): void {
  if (!process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
}

/** A port free on 127.0.0.1 now, for a server a test starts in another process. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}
