import type { Context } from 'koa';
import { InvalidResponse } from '../errors';
import { isRaw } from '../bodies/render';
import type { RouteRecord } from '../model/route';
import { routeLabel } from '../table/label';
import type { StreamFraming } from '../model/renderer';
import type { Offer } from '../negotiation/offers';
import { ServerEvent } from '../negotiation/streams';
import { holdStream } from '../shutdown';
import { runtimeOf } from '../runtime';
import { asError, problemBody, toProblem } from './problem';
import { abortRequest } from './signal';

/** One item as its version's clients read it: validated, converted and written by the item schema (a promise when a Standard validator answers with one). */
export type ItemText = (ctx: Context, item: unknown) => string | Promise<string>;

/** The default `stream.heartbeat`: proxies commonly close a connection idle for 30 to 60 s. */
export const DEFAULT_HEARTBEAT = 15_000;

const CLOSED = Symbol('closed');
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
 * error is thrown, for the ordinary error response. After it, an error ends
 * the stream as the renderer says (SSE's `event: error`, else the connection
 * cut) and goes to the app's `error` event. A client that goes away, or
 * `closeGracefully`, ends it: the iterator's `return()` is called (a
 * generator's `finally` runs) and nothing more is written.
 */
export async function pump(ctx: Context, iterable: AsyncIterable<unknown>, offer: Offer, text: ItemText, heartbeat: number): Promise<void> {
  const framing = offer.renderer.stream as StreamFraming;
  const res = ctx.res;
  const iterator = iterable[Symbol.asyncIterator]();
  let opened = false;
  let closed = false;
  let wake: (() => void) | null = null;
  let closing!: () => void;
  const whenClosed = new Promise<typeof CLOSED>((resolve) => (closing = () => resolve(CLOSED)));
  let timer: ReturnType<typeof setInterval> | undefined;
  let release = (): void => {};
  const returned = (): void => {
    // Whatever the iterator's own `return()` does (throws, rejects, never settles), the request is over.
    try {
      const result = iterator.return?.();
      if (result !== undefined) Promise.resolve(result).catch((error: unknown) => ctx.app.emit('error', asError(error), ctx));
    } catch (error) {
      ctx.app.emit('error', asError(error), ctx);
    }
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    release();
    wake?.();
  };
  const open = (): void => {
    opened = true;
    ctx.respond = false;
    const status = ctx.status >= 200 && ctx.status < 300 && (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus ? ctx.status : 200;
    ctx.status = status;
    offer.setContentType(ctx);
    ctx.remove('Content-Length');
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Accel-Buffering', 'no');
    res.flushHeaders();
  };
  // Gone: the client left (ctx.signal), or closeGracefully ends the stream (an ended one is a finished stream).
  const onAbort = (): void => {
    close();
    closing(); // the request ends now, whatever the iterator is waiting for
    returned();
  };
  const signal = ctx.signal;
  if (signal.aborted) return onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  release = holdStream(ctx, () => {
    if (closed) return;
    close();
    signal.removeEventListener('abort', onAbort);
    abortRequest(ctx); // a generator waiting with ctx.signal wakes, and its finally runs
    returned();
    if (!opened) open();
    res.end(pending);
    closing();
  });
  if (heartbeat > 0 && framing.heartbeat !== undefined) {
    const comment = framing.heartbeat;
    timer = setInterval(() => {
      if (closed || backedUp) return; // a socket that has not taken the last write needs no more
      if (!opened) open();
      pending += comment;
      flush();
    }, heartbeat);
  }
  // Items are gathered for one turn of the event loop (up to BATCH characters) and written together:
  // a write per item cost more than the rest of the stream. The socket is asked again before the next item.
  let pending = '';
  let flushing: ReturnType<typeof setImmediate> | undefined;
  let backedUp = false;
  const flush = (): void => {
    clearImmediate(flushing);
    flushing = undefined;
    if (pending === '' || closed) return;
    const chunk = pending;
    pending = '';
    if (!res.write(chunk)) backedUp = true;
  };
  const drained = async (): Promise<void> => {
    let resume!: () => void;
    await new Promise<void>((resolve) => {
      wake = resume = resolve;
      res.once('drain', resolve);
    });
    res.removeListener('drain', resume);
    wake = null;
    backedUp = false;
  };
  const loop = async (): Promise<void> => {
    try {
      for (;;) {
        if (backedUp) await drained();
        if (closed) return;
        const step = await iterator.next();
        if (closed) return;
        if (step.done === true) break;
        const item = step.value;
        let written = item instanceof ServerEvent ? text(ctx, item.data) : text(ctx, item);
        if (typeof written !== 'string') written = await written;
        if (closed) return;
        if (!opened) open();
        pending += framing.item(written, item instanceof ServerEvent ? item : undefined);
        if (pending.length >= BATCH) flush();
        else flushing ??= setImmediate(flush);
      }
      clearImmediate(flushing);
      close();
      signal.removeEventListener('abort', onAbort);
      if (!opened) open();
      res.end(pending);
    } catch (error) {
      const wasClosed = closed;
      flush();
      close();
      signal.removeEventListener('abort', onAbort);
      returned();
      if (wasClosed) {
        ctx.app.emit('error', asError(error), ctx);
        return;
      }
      if (!opened) throw error;
      ended(ctx, framing, error);
    }
  };
  // One race for the stream, not one per item: the request ends when the stream closes, even while the
  // iterator is still waiting (its return() runs once that wait settles).
  await Promise.race([loop(), whenClosed]);
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
