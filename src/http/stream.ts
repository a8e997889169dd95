import type { Context } from 'koa';
import { InvalidResponse } from '../errors';
import { isRaw } from '../bodies/render';
import type { RouteRecord } from '../model/route';
import { routeLabel } from '../table/label';
import type { StreamFraming } from '../model/renderer';
import type { Offer } from '../negotiation/offers';
import { ServerEvent } from '../negotiation/streams';
import { holdStream, type HeldStream } from '../shutdown';
import { runtimeOf } from '../runtime';
import { asError, problemBody, toProblem } from './problem';
import { abortRequest, unwatchClient, watchClient, type Watcher } from './signal';

/** One item as its version's clients read it: validated, converted and written by the item schema (a promise when a Standard validator answers with one). */
export type ItemText = (ctx: Context, item: unknown) => string | Promise<string>;

/** The default `stream.heartbeat`: proxies commonly close a connection idle for 30 to 60 s. */
export const DEFAULT_HEARTBEAT = 15_000;

/** Characters gathered before they are written at once. */
const BATCH = 16 * 1024;

/** Whether a handler's value is a stream to pump: an async iterable that is not a Node stream (those are sent as bytes). */
export function isStream(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' && !isRaw(value);
}

/** A stream from a route that declares none: never a `{}` body (docs/streams.md#declaring-a-stream). */
export function undeclaredStream(route: RouteRecord): InvalidResponse {
  return new InvalidResponse(routeLabel(route), 200, [
    { detail: 'the handler returned an async iterable, and the route declares no stream; declare its items with responses: { 200: { items: schema } } (docs/streams.md)' },
  ]);
}

/**
 * Writes a handler's async iterable as the response (docs/streams.md): each
 * item framed by the negotiated stream renderer, the next item taken only once
 * the socket has taken the previous one (`write()` said so, or `drain`). The
 * status and headers go out with the first item or heartbeat; before that, an
 * error rejects the returned promise, for the ordinary error response. Once
 * the stream is open the promise resolves, so the middleware around it returns
 * and its frames are freed, and the stream runs on its own: an error then ends
 * it as the renderer says (SSE's `event: error`, else the connection cut) and
 * goes to the app's `error` event. A client that goes away, or
 * `closeGracefully`, ends it: the iterator's `return()` is called (a
 * generator's `finally` runs) and nothing more is written.
 */
export function pump(ctx: Context, iterable: AsyncIterable<unknown>, offer: Offer, text: ItemText, heartbeat: number): Promise<void> {
  return new Promise((resolve, reject) => new Pump(ctx, iterable[Symbol.asyncIterator](), offer, text, heartbeat, resolve, reject));
}

/**
 * One open stream's state, in one object: thousands of idle streams each hold
 * this and what Node and Koa hold per request, not a dozen closures and the
 * middleware's suspended frames (docs/streams.md#performance). Its own
 * methods are the listeners (`gone` for the client's leaving, `end` for
 * closeGracefully); the timers call the module's functions with it. It
 * watches the response itself rather than `ctx.signal`, which is made only
 * for a handler that asks for it.
 */
class Pump implements HeldStream, Watcher {
  private readonly res: Context['res'];
  private readonly framing: StreamFraming;
  private opened = false;
  private closed = false;
  /** Items of this turn of the event loop, written together (up to BATCH characters): a write per item cost more than the rest of the stream. */
  private pending = '';
  private flushing: ReturnType<typeof setImmediate> | undefined = undefined;
  private backedUp = false;
  private timer: ReturnType<typeof setInterval> | undefined = undefined;
  private held: Set<HeldStream> | undefined = undefined;
  private wake: (() => void) | null = null;
  /** Settle the promise pump() returned; null once it has settled. */
  private resolve: (() => void) | null;
  private reject: ((error: unknown) => void) | null;

  constructor(
    private readonly ctx: Context,
    private readonly iterator: AsyncIterator<unknown>,
    private readonly offer: Offer,
    private readonly text: ItemText,
    heartbeat: number,
    resolve: () => void,
    reject: (error: unknown) => void,
  ) {
    this.res = ctx.res;
    this.framing = offer.renderer.stream as StreamFraming;
    this.resolve = resolve;
    this.reject = reject;
    if (!watchClient(ctx, this)) {
      this.gone();
      return;
    }
    this.held = holdStream(ctx, this);
    if (heartbeat > 0 && this.framing.heartbeat !== undefined) this.timer = setInterval(beat, heartbeat, this);
    void this.run();
  }

  /** The request's promise settles: the middleware around the stream returns. */
  private settle(): void {
    const resolve = this.resolve;
    this.resolve = this.reject = null;
    resolve?.();
  }

  /** The client left. */
  gone(): void {
    this.close();
    this.settle(); // the request ends now, whatever the iterator is waiting for
    this.returned();
  }

  /** closeGracefully ends the stream (docs/streams.md#shutdown): an ended one is a finished stream. */
  end(): void {
    if (this.closed) return;
    this.close();
    abortRequest(this.ctx); // a generator waiting with ctx.signal wakes, and its finally runs
    this.returned();
    if (!this.opened) this.open();
    this.res.end(this.pending);
    this.settle();
  }

  /** Whatever the iterator's own `return()` does (throws, rejects, never settles), the request is over. */
  private returned(): void {
    try {
      const result = this.iterator.return?.();
      if (result !== undefined) Promise.resolve(result).catch((error: unknown) => this.ctx.app.emit('error', asError(error), this.ctx));
    } catch (error) {
      this.ctx.app.emit('error', asError(error), this.ctx);
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    unwatchClient(this.ctx);
    clearInterval(this.timer);
    this.held?.delete(this);
    this.wake?.();
  }

  private open(): void {
    this.opened = true;
    const ctx = this.ctx;
    ctx.respond = false;
    const status = ctx.status >= 200 && ctx.status < 300 && (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus ? ctx.status : 200;
    ctx.status = status;
    this.offer.setContentType(ctx);
    ctx.remove('Content-Length');
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Accel-Buffering', 'no');
    this.res.flushHeaders();
    this.settle();
  }

  /** A comment line every `heartbeat` ms, unless the socket has not taken the last write. */
  beat(): void {
    if (this.closed || this.backedUp) return;
    if (!this.opened) this.open();
    this.pending += this.framing.heartbeat as string;
    this.flush();
  }

  flush(): void {
    clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.pending === '' || this.closed) return;
    const chunk = this.pending;
    this.pending = '';
    if (!this.res.write(chunk)) this.backedUp = true;
  }

  private async drained(): Promise<void> {
    let resume!: () => void;
    await new Promise<void>((resolve) => {
      this.wake = resume = resolve;
      this.res.once('drain', resolve);
    });
    this.res.removeListener('drain', resume);
    this.wake = null;
    this.backedUp = false;
  }

  /** Takes the items; never rejects (an error is `failed`'s): one async frame per stream, no handler of its promise. */
  private async run(): Promise<void> {
    try {
      const { iterator, framing, text, ctx } = this;
      for (;;) {
        if (this.backedUp) await this.drained();
        if (this.closed) return;
        const step = await iterator.next();
        if (this.closed) return;
        if (step.done === true) break;
        const item = step.value;
        let written = item instanceof ServerEvent ? text(ctx, item.data) : text(ctx, item);
        if (typeof written !== 'string') written = await written;
        if (this.closed) return;
        if (!this.opened) this.open();
        this.pending += framing.item(written, item instanceof ServerEvent ? item : undefined);
        if (this.pending.length >= BATCH) this.flush();
        else this.flushing ??= setImmediate(flush, this);
      }
      clearImmediate(this.flushing);
      this.close();
      if (!this.opened) this.open();
      this.res.end(this.pending);
      this.settle();
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    const wasClosed = this.closed;
    this.flush();
    this.close();
    this.returned();
    if (wasClosed) {
      this.settle();
      this.ctx.app.emit('error', asError(error), this.ctx);
      return;
    }
    if (this.opened) return ended(this.ctx, this.framing, error);
    const reject = this.reject as (error: unknown) => void; // not opened, not closed: the promise is pending
    this.resolve = this.reject = null;
    reject(error); // the ordinary error response
  }
}

function beat(stream: Pump): void {
  stream.beat();
}

function flush(stream: Pump): void {
  stream.flush();
}

/** The end of a stream that failed after its first item: the renderer's last event (SSE's `event: error`), else the connection cut so the chunked body never terminates. */
function ended(ctx: Context, framing: StreamFraming, error: unknown): void {
  ctx.app.emit('error', asError(error), ctx);
  if (framing.error === undefined) {
    // Ending the socket, not the response: what was written goes out, the chunked body's last chunk never does.
    const socket = ctx.res.socket;
    if (socket === null) ctx.res.destroy();
    // Node 24 holds the response's last writes outside the socket until the next tick, and socket.end() would drop
    // them: an empty write's callback runs once they reached the socket (an empty chunk writes no last chunk).
    else ctx.res.write('', () => socket.end(() => socket.destroy()));
    return;
  }
  const { translator, errors } = runtimeOf(ctx.app);
  const last = framing.error;
  const send = (body: string | Uint8Array): void => {
    ctx.res.end(last(typeof body === 'string' ? body : Buffer.from(body).toString('utf8')));
  };
  // The app's own error format may answer with a promise; one that throws or rejects gets the default format's generic document.
  const fallback = (failure: unknown): void => {
    ctx.app.emit('error', asError(failure), ctx);
    send(problemBody(ctx, toProblem(failure), translator) as string);
  };
  try {
    const body = problemBody(ctx, toProblem(error, errors.validationStatus), translator, errors);
    if (body instanceof Promise) body.then(send, fallback);
    else send(body);
  } catch (failure) {
    fallback(failure);
  }
}
