import type { Context } from 'koa';

const SIGNAL = Symbol('waymark.signal');

/**
 * `ctx.signal`: aborted when the client goes away before the response is
 * written, so a handler can stop work nobody will read. Made on first use.
 *
 * @example
 * const rows = await db.query(sql, { signal: ctx.signal });
 */
export function requestSignal(this: Context): AbortSignal {
  return controllerOf(this).signal;
}

/** Aborts `ctx.signal` though the client is still there: `closeGracefully` ends the request's stream (docs/streams.md#shutdown). */
export function abortRequest(ctx: Context): void {
  controllerOf(ctx).abort();
}

type Carrier = { [SIGNAL]?: AbortController };

function controllerOf(ctx: Context): AbortController {
  const res = ctx.res as Context['res'] & Carrier;
  let controller = res[SIGNAL];
  if (!controller) {
    controller = res[SIGNAL] = new AbortController();
    if (res.destroyed && !res.writableFinished) controller.abort();
    else res.on('close', closed); // one function for every request, not a closure (and once()'s wrapper) per request: streams stay open by the thousand
  }
  return controller;
}

function closed(this: Context['res'] & Carrier): void {
  if (!this.writableFinished) this[SIGNAL]?.abort();
}
