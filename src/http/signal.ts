import type { Context } from 'koa';

const WATCH = Symbol('waymark.watch');

/** What an open stream does when its client goes away (src/http/stream.ts). */
export interface Watcher {
  gone(): void;
}

/**
 * What a response's `close` tells, made on first need: `ctx.signal`'s
 * controller, made only when something reads `ctx.signal`, and the open
 * stream to end. One `close` listener, one function for every request, not a
 * closure (and `once()`'s wrapper) per request: streams stay open by the
 * thousand, and an `AbortSignal` with a listener is about 1 KiB of heap
 * (docs/streams.md#performance), which a stream whose handler never asks for
 * `ctx.signal` does not pay.
 */
class Watch {
  controller: AbortController | undefined = undefined;
  stream: Watcher | undefined = undefined;
  /** The client went away, or `closeGracefully` ended the request: a signal made from now on is made aborted. */
  left = false;
}

type Carrier = { [WATCH]?: Watch };

/**
 * `ctx.signal`: aborted when the client goes away before the response is
 * written, so a handler can stop work nobody will read. Made on first use.
 *
 * @example
 * const rows = await db.query(sql, { signal: ctx.signal });
 */
export function requestSignal(this: Context): AbortSignal {
  const watch = watchOf(this);
  if (watch.controller === undefined) {
    watch.controller = new AbortController();
    if (watch.left) watch.controller.abort();
  }
  return watch.controller.signal;
}

/** Aborts `ctx.signal` though the client is still there: `closeGracefully` ends the request's stream (docs/streams.md#shutdown). */
export function abortRequest(ctx: Context): void {
  const watch = watchOf(ctx);
  watch.left = true;
  watch.controller?.abort();
}

/** Tells `stream` when the client goes away; `false` when it is gone already. */
export function watchClient(ctx: Context, stream: Watcher): boolean {
  const watch = watchOf(ctx);
  if (watch.left) return false;
  watch.stream = stream;
  return true;
}

/** The stream has ended: its client's leaving tells it nothing more. */
export function unwatchClient(ctx: Context): void {
  const watch = (ctx.res as Context['res'] & Carrier)[WATCH];
  if (watch !== undefined) watch.stream = undefined;
}

function watchOf(ctx: Context): Watch {
  const res = ctx.res as Context['res'] & Carrier;
  let watch = res[WATCH];
  if (watch === undefined) {
    watch = res[WATCH] = new Watch();
    if (res.destroyed && !res.writableFinished) watch.left = true;
    else res.on('close', closed);
  }
  return watch;
}

function closed(this: Context['res'] & Carrier): void {
  if (this.writableFinished) return;
  const watch = this[WATCH] as Watch;
  watch.left = true;
  const stream = watch.stream;
  watch.stream = undefined;
  stream?.gone(); // first, as when the stream listened to the signal before the handler did
  watch.controller?.abort();
}
