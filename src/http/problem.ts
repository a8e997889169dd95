import { STATUS_CODES } from 'node:http';
import type { Context } from 'koa';
import { ErrorCatalogue, messageOf, type CatalogueEntry, type ErrorCode, HttpError, Message } from '../errors';
import type { Translator } from '../i18n/translator';
import { translatedItems } from '../i18n/schema-messages';
import { announced } from '../lifecycle/respond';
import type { ErrorFormat, ProblemDocument, ProblemItem } from '../model/error-format';
import { DEFAULT_ERROR_FORMAT, renderedBody, survivesError } from './error-format';
import { asError } from '../util/user-code';

export { asError };

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
  // Koa's ctx.vary parses what is there; with nothing there yet, setting is enough. On node's response
  // directly: Koa's ctx.set builds arrays and closures for one header, on every versioned request.
  const { res } = ctx;
  if (res.headersSent) return;
  if (!res.getHeader('vary')) res.setHeader('Vary', headers.length === 1 ? headers[0] : headers.join(', '));
  else for (const header of headers) ctx.vary(header);
}

const CLIENT_ERROR: ErrorCode = 'CLIENT_ERROR';
const INTERNAL_ERROR: ErrorCode = 'INTERNAL_ERROR';
const VALIDATION_FAILED: ErrorCode = 'VALIDATION_FAILED';
const VALIDATION_CODES: ReadonlySet<string> = new Set<ErrorCode>([VALIDATION_FAILED, 'INVALID_PARAMETER', 'MISSING_PARAMETER', 'INEXACT_NUMBER', 'TOO_MANY_VALUES', 'MISSING_BODY']);

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
export function toProblem(error: unknown, validationStatus = 400): Problem {
  let problem: Problem;
  try {
    problem = inspect(error);
  } catch {
    return internalError();
  }
  // `errors.status.validation`: values that parse but do not validate are sent as 422 where the app says so;
  // a body that does not parse stays 400 (docs/errors.md#validation-failures).
  if (validationStatus !== 400 && problem.status === 400 && VALIDATION_CODES.has(problem.code)) problem.status = validationStatus;
  return problem;
}

/**
 * The texts of waymark's own 5xx errors (`The server is shutting down.`): the only 5xx details a
 * client is shown. A 5xx `HttpError` written with a detail of its own (`new HttpError(503,
 * 'upstream 10.0.0.7 down')`) is sent with the catalogue's generic detail instead, as `expose`
 * says (false from 500 on); the `error` event still carries the message (docs/security.md#errors-and-faults).
 */
const SERVER_TEXTS: ReadonlySet<string> = new Set(
  (Object.values(ErrorCatalogue) as CatalogueEntry[]).filter((entry) => (entry.status ?? 0) >= 500).flatMap((entry) => [entry.message, ...Object.values(entry.variants ?? {})]),
);

function inspect(error: unknown): Problem {
  if (error instanceof HttpError) {
    const { status, code, type, title, instance, extensions } = error;
    const text = status >= 500 && !SERVER_TEXTS.has(error.text.template) ? messageOf('SERVER_ERROR') : error.text;
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
 * Writes the error response, the one place every error waymark sends is
 * written (docs/errors.md): an RFC 9457 problem document, or what the app's
 * `errors.render` makes of it. It replaces whatever the handler had set (as
 * Koa does) but keeps `Vary` (middleware's and the scheme's, which Koa's
 * error path would drop) and security and CORS headers (helmet's,
 * @koa/cors's). The detail is translated here, in the language negotiated
 * from `Accept-Language`. A `render` that answers with a promise makes this
 * one a promise; one that throws or rejects throws here, and the caller
 * answers `GENERIC_PROBLEM` with the default format (`sendFailed`).
 */
export function sendProblem(ctx: Context, problem: Problem, translator?: Translator, format: ErrorFormat = DEFAULT_ERROR_FORMAT): void | Promise<void> {
  const vary = ctx.response.get('Vary');
  for (const name of ctx.res.getHeaderNames()) if (!survivesError(name)) ctx.res.removeHeader(name);
  ctx.set(problem.headers);
  for (const [name, value] of announced(ctx)) ctx.set(name, value);
  if (vary) ctx.vary(vary);
  const body = problemBody(ctx, problem, translator, format);
  if (!(body instanceof Promise)) return written(ctx, problem.status, format.mediaType, body);
  return body.then((settled) => written(ctx, problem.status, format.mediaType, settled));
}

/**
 * The body of `problem` in the app's error format, as `sendProblem` sends it
 * (a stream that fails after its first item sends it as its last event,
 * docs/streams.md#errors), in the request's language.
 */
export function problemBody(ctx: Context, problem: Problem, translator?: Translator, format: ErrorFormat = DEFAULT_ERROR_FORMAT): string | Uint8Array | Promise<string | Uint8Array> {
  let detail = problem.text.render();
  if (translator?.isTranslatable(problem.text)) {
    ctx.vary('Accept-Language');
    detail = translator.translate(problem.text, translator.language(ctx.get('Accept-Language')));
  }
  const { type = 'about:blank', title = STATUS_CODES[problem.status] ?? 'Error', instance } = problem;
  const document: Record<string, unknown> = { type, title, status: problem.status, detail, ...(instance === undefined ? {} : { instance }), ...problem.extensions };
  // Each failure's detail in the request's language too: ajv's messages, said by ajv-i18n (docs/errors.md#validation-failures).
  if (translator !== undefined && problem.code === VALIDATION_FAILED && Array.isArray(document.errors)) {
    ctx.vary('Accept-Language');
    document.errors = translatedItems(document.errors, translator.language(ctx.get('Accept-Language')));
  }
  if (format.render === null) return JSON.stringify(problem.code === VALIDATION_FAILED ? withPlainItems(document) : document);
  return renderedBody(format, document as unknown as ProblemDocument, ctx);
}

function written(ctx: Context, status: number, mediaType: string, body: string | Uint8Array): void {
  ctx.status = status;
  ctx.type = mediaType;
  ctx.body = body;
}

/**
 * What the client gets when the app's `errors.render` throws or rejects,
 * whatever it threw (an `HttpError`, an error with `expose: true`): the
 * generic 500 in the default format. The renderer's failure is reported on
 * the app's `error` event; its status and message never reach the client
 * (docs/errors.md#your-own-error-format).
 */
export function sendFailed(ctx: Context, failure: unknown, translator?: Translator): void {
  ctx.app.emit('error', asError(failure), ctx);
  if (ctx.headerSent || !ctx.writable) return;
  sendProblem(ctx, internalError(), translator);
}

/**
 * The default document lists each validation failure as `{ detail, pointer }`
 * or `{ detail, parameter }`, as it always has; `keyword` and `params` are for
 * a renderer (docs/errors.md#validation-failures).
 */
function withPlainItems(document: Record<string, unknown>): Record<string, unknown> {
  const { errors } = document;
  if (!Array.isArray(errors)) return document;
  return { ...document, errors: errors.map((item: ProblemItem) => {
    if (typeof item !== 'object' || item === null || !('keyword' in item)) return item;
    const { keyword, params, ...plain } = item;
    void [keyword, params];
    return plain;
  }) };
}
