import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics } from 'node:v8';

/** The options every bench server reads from its command line: `--routes 1000 --scheme url-path --layout version --reverse`. */
export function args(): { routes: number; scheme: string | null; layout: string; reverse: boolean } {
  const argv = process.argv.slice(2);
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  return { routes: Number(value('--routes') ?? 10), scheme: value('--scheme') ?? null, layout: value('--layout') ?? 'flat', reverse: argv.includes('--reverse') };
}

/**
 * Milliseconds of CPU time the main thread spent in `build` (making the app
 * and its routes), and its result. CPU time, not wall time, so that other
 * processes on a shared machine do not count. Only the main thread, because
 * that is the thread the first request waits for: the work V8 does on its
 * helper threads at the same time (concurrent marking, optimising
 * compilation) ran in parallel and delayed nothing. The whole process's CPU
 * time had counted that work too, and moved the 5,000-route rows between
 * 150 and 260 ms from one run to the next with wall time near 110.
 */
export function timed<T>(build: () => T): { value: T; buildMs: number } {
  const start = mainThreadMs();
  const value = build();
  return { value, buildMs: mainThreadMs() - start };
}

/**
 * The main thread's CPU time in ms, from Linux's per-thread schedstat (ns);
 * where that is missing, the whole process's (`process.cpuUsage()`).
 */
export function mainThreadMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** Listens on a free loopback port and talks to the bench runner over IPC: `ready` (port, build time), then memory on request. */
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
    if (message === 'settled') {
      gc?.();
      // The young generation is empty after a full GC, but stays committed at the size V8 last gave it.
      const young = getHeapSpaceStatistics()
        .filter((space) => space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
        .reduce((sum, space) => sum + space.physical_space_size, 0);
      const { rss, heapUsed } = process.memoryUsage();
      process.send?.({ settled: { rss, heap: heapUsed, young } });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
