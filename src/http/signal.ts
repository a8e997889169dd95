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

function controllerOf(ctx: Context): AbortController {
  const carrier = ctx as Context & { [SIGNAL]?: AbortController };
  let controller = carrier[SIGNAL];
  if (!controller) {
    const made = new AbortController();
    controller = carrier[SIGNAL] = made;
    const res = ctx.res;
    if (res.destroyed && !res.writableFinished) made.abort();
    else res.once('close', () => {
      if (!res.writableFinished) made.abort();
    });
  }
  return controller;
}
