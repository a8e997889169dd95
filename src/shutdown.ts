import type { Server } from 'node:http';

export interface CloseOptions {
  /** Milliseconds to let in-flight requests finish before every connection is cut (default 10 000). */
  timeout?: number;
}

const closing = new WeakMap<Server, Promise<void>>();

/**
 * Stops accepting connections, lets in-flight requests finish, closes
 * keep-alive connections as soon as they are idle (Node would otherwise wait
 * for `keepAliveTimeout`), and cuts whatever is left after `timeout`.
 * Calling it again returns the same promise.
 *
 * @example
 * process.once('SIGTERM', () => closeGracefully(server).then(() => process.exit(0)));
 */
export function closeGracefully(server: Server, options: CloseOptions = {}): Promise<void> {
  const existing = closing.get(server);
  if (existing) return existing;
  const done = new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), options.timeout ?? 10_000);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
  closing.set(server, done);
  return done;
}
