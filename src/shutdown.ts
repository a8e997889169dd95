import type { Server } from 'node:http';
import type { Context } from 'koa';
import { ImproperlyConfigured } from './errors';

export interface CloseOptions {
  /**
   * Milliseconds to let in-flight requests finish before every connection is cut (default 10 000):
   * a positive number up to 2 147 483 647 (Node's longest timer), or `Infinity` to wait for every request.
   */
  timeout?: number;
  /**
   * Milliseconds to keep serving, with `health()` answering 503, before the
   * server stops accepting connections (default 0): long enough for the load
   * balancer's health check to take the process out of rotation
   * (docs/deployment.md#readiness).
   */
  readinessDelay?: number;
}

/** Servers closeGracefully was called on: their health route answers 503. */
const closing = new WeakMap<Server, Promise<void>>();
/** Servers whose listener is closed (the readiness delay is over): requests are refused. */
const draining = new WeakSet<Server>();

/** An open stream, which closeGracefully ends (docs/streams.md#shutdown). */
export interface HeldStream {
  end(): void;
}

/** Per server, its open streams: closeGracefully ends them once draining begins. */
const streams = new WeakMap<Server, Set<HeldStream>>();

/**
 * Registers an open stream of this request's server, which `closeGracefully`
 * ends (calls `end`) once its readiness delay is over, so that a rolling
 * restart never waits on a client that would listen for ever. Returns the set
 * it is in, for the stream to leave when it ends on its own (no closure per
 * stream). A stream that opens on a server already draining is ended at once.
 */
export function holdStream(ctx: Context, stream: HeldStream): Set<HeldStream> | undefined {
  const server = serverOf(ctx);
  if (server === undefined) return undefined;
  if (draining.has(server)) {
    queueMicrotask(() => stream.end());
    return undefined;
  }
  let open = streams.get(server);
  if (open === undefined) streams.set(server, (open = new Set()));
  open.add(stream);
  return open;
}

function serverOf(ctx: Context): Server | undefined {
  return (ctx.req.socket as { server?: Server } | undefined)?.server;
}

/** Whether closeGracefully was called on the server this request came in on, delay or not: what `health()` answers. */
export function isStopping(ctx: Context): boolean {
  const server = serverOf(ctx);
  return server !== undefined && closing.has(server);
}

/**
 * Whether the server this request came in on is draining (closeGracefully
 * has begun, and its readiness delay is over). The app's outermost middleware asks it twice per request: on
 * arrival, where a draining server answers 503 (Fastify's
 * `return503OnClosing`), and before the response goes out, where every
 * response then says `Connection: close` (RFC 9112 §9.6), so a kept-alive
 * client opens no further request on a connection about to be closed.
 */
export function isDraining(ctx: Context): boolean {
  const server = serverOf(ctx);
  return server !== undefined && draining.has(server);
}

/**
 * Stops accepting connections, lets in-flight requests finish (their
 * responses say `Connection: close`), answers a request that still arrives
 * on a kept-alive connection with 503, closes keep-alive connections as soon
 * as they are idle (Node would otherwise wait for `keepAliveTimeout`), and
 * cuts whatever is left after `timeout`. Calling it again returns the same promise.
 * With `readinessDelay`, all of that waits that long first, while the
 * process serves as before and only `health()` answers 503, so a load
 * balancer stops sending before the listener closes (docs/deployment.md#readiness).
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
  const timeout = options.timeout ?? 10_000;
  // Node runs a timer of NaN, of 0 or less, or of more than 2^31 - 1 ms after 1 ms: in-flight requests would be cut at once.
  if (typeof timeout !== 'number' || !(timeout > 0) || (Number.isFinite(timeout) ? timeout > MAX_TIMER : timeout !== Infinity)) {
    throw new ImproperlyConfigured(`closeGracefully(): timeout must be a number of milliseconds from 1 to ${MAX_TIMER}, or Infinity to wait for every request, got ${String(timeout)}.`);
  }
  const existing = closing.get(server);
  if (existing) return existing;
  const delay = options.readinessDelay ?? 0;
  if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0) {
    throw new ImproperlyConfigured(`closeGracefully(): readinessDelay must be a number of milliseconds, 0 or more, got ${String(delay)}.`);
  }
  // Without a delay the listener closes now, synchronously, as it always did.
  const done = delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)).then(() => drain(server, timeout)) : drain(server, timeout);
  closing.set(server, done);
  return done;
}

/** The longest delay Node's timers keep (2^31 - 1 ms); a longer one fires after 1 ms. */
const MAX_TIMER = 2_147_483_647;

function drain(server: Server, timeout: number): Promise<void> {
  draining.add(server);
  const open = streams.get(server);
  streams.delete(server);
  for (const stream of open ?? []) stream.end();
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = timeout === Infinity ? undefined : setTimeout(() => server.closeAllConnections(), timeout);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
