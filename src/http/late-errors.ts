import type { Context } from 'koa';
import type { Translator } from '../i18n/translator';
import type { ErrorFormat } from '../model/error-format';
import { asError, sendFailed, sendProblem, toProblem } from './problem';

/**
 * The app's `ctx.onerror`: Koa calls it for what fails after the middleware
 * has returned, such as a body set by a middleware that Koa's response step
 * cannot serialize (a BigInt). Koa would answer `text/plain`; this answers as the
 * error boundary does, through the app's error format (docs/errors.md), so
 * no error waymark sends bypasses it. Every error is reported on the app's
 * `error` event, as Koa reports them.
 */
export function lateErrors(translator: Translator, format: ErrorFormat): (this: Context, error: unknown) => void {
  return function onerror(this: Context, error: unknown): void {
    if (error == null) return;
    this.app.emit('error', asError(error), this);
    if (this.headerSent || !this.writable) return;
    let sent: void | Promise<void> = undefined;
    try {
      sent = sendProblem(this, toProblem(error, format.validationStatus), translator, format);
    } catch (failure) {
      sendFailed(this, failure, translator);
    }
    if (sent === undefined) return end(this);
    sent.then(
      () => end(this),
      (failure: unknown) => {
        sendFailed(this, failure, translator);
        end(this);
      },
    );
  };
}

/** Koa's response step has run already: the body is written here, as Koa's own onerror writes its text. */
function end(ctx: Context): void {
  if (ctx.res.writableEnded || ctx.headerSent) return;
  const body = ctx.body as string | Uint8Array;
  ctx.length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  ctx.res.end(body);
}
