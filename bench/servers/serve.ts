import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The options every bench server reads from its command line: `--routes 1000 --scheme url-path --layout version --reverse`. */
export function args(): { routes: number; scheme: string | null; layout: string; reverse: boolean } {
  const argv = process.argv.slice(2);
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  return { routes: Number(value('--routes') ?? 10), scheme: value('--scheme') ?? null, layout: value('--layout') ?? 'flat', reverse: argv.includes('--reverse') };
}

/**
 * CPU milliseconds spent in `build` (making the app and its routes), and its
 * result: CPU time, not wall time, so that other processes on a shared
 * machine do not count (on an idle machine the two agree).
 */
export function timed<T>(build: () => T): { value: T; buildMs: number } {
  const start = process.cpuUsage();
  const value = build();
  const spent = process.cpuUsage(start);
  return { value, buildMs: (spent.user + spent.system) / 1000 };
}

/** Listens on a free loopback port and talks to the bench runner over IPC: `ready` (port, build time), then RSS on request. */
export function serve(server: Server, buildMs?: number): void {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port, buildMs));
}

export function announce(port: number, buildMs?: number): void {
  process.send?.({ port, ready: { port, buildMs } });
  const gc = (globalThis as { gc?: () => void }).gc; // present when run with --expose-gc
  process.on('message', (message) => {
    if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
    if (message === 'rss-gc') {
      gc?.();
      process.send?.({ rss: process.memoryUsage().rss });
    }
    if (message === 'heap') {
      gc?.();
      process.send?.({ heap: process.memoryUsage().heapUsed });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
