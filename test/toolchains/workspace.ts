import { expect } from 'chai';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './recipes';

// Where the toolchains suite works: a scratch folder outside the repository for the cells'
// projects, and the cache outside the clone (npm's cache and the Node, Bun and Deno binaries,
// installed by .ci/toolchain-cache.sh) that makes a second CI run download nothing.
export const cacheRoot = process.env.WAYMARK_TOOLCHAIN_CACHE ?? join(homedir(), '.cache', 'waymark-toolchains');
export const npmCache = join(cacheRoot, '.npm');
export const work = mkdtempSync(join(tmpdir(), 'waymark-toolchains-'));
export const FIVE_MINUTES = 5 * 60_000;

/** The path of a binary from an npm package, installed into the cache on first use. */
export function tool(spec: string, path: string): string {
  const result = spawnSync(join(root, '.ci', 'toolchain-cache.sh'), ['tool', spec, path], { encoding: 'utf8', env: { ...process.env, WAYMARK_TOOLCHAIN_CACHE: cacheRoot } });
  if (result.status !== 0) throw new Error(`could not install ${spec} into ${cacheRoot}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A folder of links (`node`, `bun`, `deno`) to put first on a cell's PATH. */
export function binDir(name: string, links: Record<string, string>): string {
  const dir = join(work, '.bin', name);
  mkdirSync(dir, { recursive: true });
  for (const [link, target] of Object.entries(links)) symlinkSync(target, join(dir, link));
  return dir;
}

/** The environment of a cell's commands: its PATH first, npm on the shared cache, none of this process's npm or ts-node settings. */
export function environment(path: readonly string[], extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|TS_NODE_|NODE_OPTIONS$|MOCHA)/i.test(key)));
  return {
    ...inherited,
    PATH: [...path, process.env.PATH ?? ''].join(':'),
    npm_config_cache: npmCache,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NO_COLOR: '1',
    ...extra,
  };
}

export function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', timeout: FIVE_MINUTES, maxBuffer: 64 * 1024 * 1024 });
}

function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** Runs `command` and fails, naming the cell and the command with its output's end, unless it exits 0. */
export function succeeds(cell: string, command: string, cwd: string, env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const result = sh(command, cwd, env);
  const status = result.error ? `${result.error.message}` : `exit ${result.status}`;
  expect(result.status, `${cell}: \`${command}\` failed (${status})\n${tail(result.stdout)}\n${tail(result.stderr)}`).to.equal(0);
  return result;
}

/** Packs the repository once: `npm pack` of the working tree, as CI publishes it. */
export function pack(): string {
  const result = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', env: environment([]), maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
  const packed = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string }[];
  return join(work, packed[0].filename);
}

export function writeFiles(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, code] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
}

/**
 * Starts a server command (it must print `listening on`), asks it for a book by a versioned,
 * typed path, and stops it (its whole process group: npx and tsx start children).
 */
export async function serves(cell: string, command: string, cwd: string, env: NodeJS.ProcessEnv, port: number): Promise<void> {
  const child = spawn('bash', ['-c', command], { cwd, env: { ...env, PORT: String(port) }, detached: true });
  let out = '';
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`${cell}: \`${command}\` did not say "listening on" in 2 minutes:\n${tail(out)}`)), 120_000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('listening on')) {
          clearTimeout(timer);
          ready();
        }
      });
      child.stderr.on('data', (chunk) => (out += chunk));
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`${cell}: \`${command}\` exited with ${code} before listening:\n${tail(out)}`));
      });
    });
    const base = `http://127.0.0.1:${port}`;
    const answer = await fetch(`${base}/v1/books/1`);
    expect(await answer.json(), `${cell}: GET /v1/books/1 from \`${command}\``).to.deep.equal({ id: 1, title: 'Dune', self: `${base}/v1/books/1` });
  } finally {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

/** Removes a cell's project once it has run (its node_modules are large; KEEP_TOOLCHAINS=1 keeps it). */
export function removeCell(dir: string): void {
  if (!process.env.KEEP_TOOLCHAINS) rmSync(dir, { recursive: true, force: true });
}

/** Removes the scratch folder after the run (KEEP_TOOLCHAINS=1 keeps it to look at). */
export function removeWork(): void {
  if (!process.env.KEEP_TOOLCHAINS) rmSync(work, { recursive: true, force: true });
}
