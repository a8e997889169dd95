import { STATUS_CODES } from 'node:http';
import type { Context } from 'koa';
import { messageOf, type ErrorCode, HttpError, Message } from '../errors';
import type { Translator } from '../i18n/translator';
import { announced } from '../lifecycle/respond';

export interface Problem {
  status: number;
  text: Message;
  code: string;
  headers: Record<string, string>;
  /** RFC 9457 members beyond status and detail; absent for errors that are not `HttpError`s. */
  type?: string;
  title?: string;
  instance?: string;
  extensions?: Readonly<Record<string, unknown>>;
}

/** Appends to `Vary`; `sendProblem` keeps it if an error replaces the response. */
export function varyOn(ctx: Context, headers: readonly string[]): void {
  if (headers.length === 0) return;
  // Koa's ctx.vary parses what is there; with nothing there yet, setting is enough.
  if (!ctx.response.get('Vary')) ctx.set('Vary', headers.join(', '));
  else for (const header of headers) ctx.vary(header);
}

const CLIENT_ERROR: ErrorCode = 'CLIENT_ERROR';
const INTERNAL_ERROR: ErrorCode = 'INTERNAL_ERROR';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Latin-1 without control characters: what Node accepts in a header value. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * What any thrown value becomes. waymark's `HttpError`s keep their status,
 * detail and headers; Koa's `ctx.throw(4xx, message)` errors keep theirs;
 * everything else (including `throw null`) is a 500 that reveals nothing,
 * and so is a value that throws when looked at (a revoked Proxy, a throwing
 * `status` getter): the error boundary must not fail itself.
 */
export function toProblem(error: unknown): Problem {
  try {
    return inspect(error);
  } catch {
    return internalError();
  }
}

function inspect(error: unknown): Problem {
  if (error instanceof HttpError) {
    const { status, text, code, type, title, instance, extensions } = error;
    return { status, text, code, headers: safeHeaders(error.headers), type, title, instance, extensions };
  }
  const candidate = error as { status?: unknown; expose?: unknown; message?: unknown; headers?: unknown } | null;
  const status = candidate?.status;
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 && candidate?.expose === true) {
    const detail = typeof candidate.message === 'string' && candidate.message !== '' ? candidate.message : (STATUS_CODES[status] ?? 'Error');
    return { status, text: new Message(detail), code: CLIENT_ERROR, headers: safeHeaders(candidate.headers) };
  }
  return internalError();
}

function internalError(): Problem {
  return { status: 500, text: messageOf(INTERNAL_ERROR), code: INTERNAL_ERROR, headers: {} };
}

/** Headers that Node would refuse (CR/LF, non-Latin-1, bad names) are dropped, never fatal. */
function safeHeaders(headers: unknown): Record<string, string> {
  const safe: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return safe;
  for (const [name, value] of Object.entries(headers)) {
    if (TOKEN.test(name) && typeof value === 'string' && HEADER_VALUE.test(value)) safe[name] = value;
  }
  return safe;
}

/**
 * Writes an RFC 9457 problem document, replacing whatever the handler had set
 * (as Koa does) but keeping `Vary` (middleware's and the scheme's, which
 * Koa's error path would drop). The detail is translated here, in the language negotiated from
 * `Accept-Language`.
 */
export function sendProblem(ctx: Context, problem: Problem, translator?: Translator): void {
  const vary = ctx.response.get('Vary');
  for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
  ctx.set(problem.headers);
  for (const [name, value] of announced(ctx)) ctx.set(name, value);
  if (vary) ctx.vary(vary);
  let detail = problem.text.render();
  if (translator?.isTranslatable(problem.text)) {
    ctx.vary('Accept-Language');
    detail = translator.translate(problem.text, translator.language(ctx.get('Accept-Language')));
  }
  ctx.status = problem.status;
  ctx.type = 'application/problem+json';
  const { type = 'about:blank', title = STATUS_CODES[problem.status] ?? 'Error', instance } = problem;
  ctx.body = JSON.stringify({ type, title, status: problem.status, detail, ...(instance === undefined ? {} : { instance }), ...problem.extensions });
}

/**
 * An `Error` for Koa's `error` event, which refuses anything else (`throw null`).
 * Koa's default listener reads `status`, `expose` and `stack`: an error on
 * which one of them throws, and a value that cannot even be turned into a
 * string, are replaced by an `Error` that says so.
 */
export function asError(error: unknown): Error {
  try {
    if (!(error instanceof Error)) return new Error(`Non-error thrown: ${String(error)}`);
    // Read here, where a throw is caught, rather than in Koa's listener.
    const { status, expose, stack } = error as Error & { status?: unknown; expose?: unknown };
    void [status, expose, stack];
    return error;
  } catch {
    return new Error('Thrown: a value that throws when inspected');
  }
}
