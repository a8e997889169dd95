import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The options every bench server reads from its command line: `--routes 1000 --scheme url-path --reverse`. */
export function args(): { routes: number; scheme: string | null; reverse: boolean } {
  const argv = process.argv.slice(2);
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  return { routes: Number(value('--routes') ?? 10), scheme: value('--scheme') ?? null, reverse: argv.includes('--reverse') };
}

/** Listens on a free loopback port and talks to the bench runner over IPC: the port, then RSS on request. */
export function serve(server: Server): void {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
}

export function announce(port: number): void {
  process.send?.({ port });
  process.on('message', (message) => {
    if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
    if (message === 'heap') {
      (globalThis as { gc?: () => void }).gc?.(); // run with --expose-gc for a heap after collection
      process.send?.({ heap: process.memoryUsage().heapUsed });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
