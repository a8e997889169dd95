import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { blocks, readPage, root } from '../doc-pages';

/** Every process the suite starts, so that `stopAll` ends them whatever happened. */
const started = new Set<ChildProcess>();
// Inside the repository, so that the compiled app resolves the project's node_modules.
mkdirSync(join(root, '.tmp'), { recursive: true });
export const scratch = mkdtempSync(join(root, '.tmp', 'deploy-'));

/** Free loopback ports, one per name (asked of the system, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer().listen(0, '127.0.0.1'));
  await Promise.all(servers.map((server) => once(server, 'listening')));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Starts `command`, resolving once `ready` appears on its stdout (rejecting if it exits first); at once without `ready`. */
export async function start(command: string, args: string[], env: Record<string, string>, ready?: RegExp): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  if (ready === undefined) {
    child.stdout?.resume();
    child.once('exit', (code) => code !== 0 && code !== null && console.error(`${command} exited (${code}):\n${output}`));
    return child;
  }
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`)));
  });
  return child;
}

/** SIGTERM, then the exit (SIGKILL after `patience` ms). */
export async function stop(child: ChildProcess, patience = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), patience);
  await exited;
  clearTimeout(timer);
}

export function stopAll(): void {
  for (const child of started) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
}
// Also when mocha itself is ended before its `after` hooks run.
process.once('exit', stopAll);

/**
 * examples/behind-proxy.ts as plain JavaScript on the built package (dist/, which `npm run build`
 * makes and CI builds first): an operator runs compiled code, and a process that starts in a
 * fraction of a second can be replaced several times within the load.
 */
export function compiledApp(): string {
  const built = join(root, 'dist', 'index.js');
  try {
    readFileSync(built);
  } catch {
    throw new Error('The deployment test runs the built package: run `npm run build` first.');
  }
  const source = readFileSync(join(root, 'examples', 'behind-proxy.ts'), 'utf8').replace(/from '\.\.\/src'/, `from ${JSON.stringify(built)}`);
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, experimentalDecorators: true, emitDecoratorMetadata: true, esModuleInterop: true },
  });
  const file = join(scratch, 'behind-proxy.js');
  writeFileSync(file, outputText);
  return file;
}

/** The haproxy configuration of docs/deployment.md, on the given ports instead of 8080 and 3001–3003. */
export function haproxyConfig(front: number, apps: readonly number[]): string {
  const [config] = blocks(readPage('docs/deployment.md'), 'haproxy');
  if (config === undefined) throw new Error('docs/deployment.md has no ```haproxy block.');
  let text = config.replace('127.0.0.1:8080', `127.0.0.1:${front}`);
  apps.forEach((port, index) => (text = text.replace(`127.0.0.1:${3001 + index}`, `127.0.0.1:${port}`)));
  const file = join(scratch, 'haproxy.cfg');
  writeFileSync(file, text);
  return file;
}
