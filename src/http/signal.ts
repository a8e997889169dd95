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
  const carrier = this as Context & { [SIGNAL]?: AbortController };
  let controller = carrier[SIGNAL];
  if (!controller) {
    const made = new AbortController();
    controller = carrier[SIGNAL] = made;
    const res = this.res;
    if (res.destroyed && !res.writableFinished) made.abort();
    else res.once('close', () => {
      if (!res.writableFinished) made.abort();
    });
  }
  return controller.signal;
}
