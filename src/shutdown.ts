import type { Server } from 'node:http';
import type { Context } from 'koa';

export interface CloseOptions {
  /** Milliseconds to let in-flight requests finish before every connection is cut (default 10 000). */
  timeout?: number;
}

const closing = new WeakMap<Server, Promise<void>>();

/**
 * Whether the server this request came in on is draining (closeGracefully
 * has begun). The app's outermost middleware asks it twice per request: on
 * arrival, where a draining server answers 503 (Fastify's
 * `return503OnClosing`), and before the response goes out, where every
 * response then says `Connection: close` (RFC 9112 §9.6), so a kept-alive
 * client opens no further request on a connection about to be closed.
 */
export function isDraining(ctx: Context): boolean {
  const server = (ctx.req.socket as { server?: Server } | undefined)?.server;
  return server !== undefined && closing.has(server);
}

/**
 * Stops accepting connections, lets in-flight requests finish (their
 * responses say `Connection: close`), answers a request that still arrives
 * on a kept-alive connection with 503, closes keep-alive connections as soon
 * as they are idle (Node would otherwise wait for `keepAliveTimeout`), and
 * cuts whatever is left after `timeout`. Calling it again returns the same promise.
 * In a server: `process.once('SIGTERM', () => closeGracefully(server).then(() => process.exit(0)))`.
 *
 * @example
 * ```ts
 * let started = () => {};
 * const handlerStarted = new Promise<void>((resolve) => (started = resolve));
 * @Controller('/slow')
 * class Slow {
 *   @Get('', 'slow') async slow() {
 *     started();
 *     await new Promise((resolve) => setTimeout(resolve, 50));
 *     return { finished: true };
 *   }
 * }
 * const app = createApp({ routes: [Slow] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.json());
 * await handlerStarted;
 * await closeGracefully(server, { timeout: 5_000 });
 * assert.deepEqual(await inFlight, { finished: true }); // the request under way was answered
 * assert.equal(server.listening, false);
 * ```
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
