import { STATUS_CODES } from 'node:http';
import { Message } from './i18n/message';

/**
 * The catalogue of every error waymark produces: a stable `code`, the HTTP
 * status (for request errors) and the default English message. Tests assert on
 * `code`; messages may be reworded or translated.
 */
export const ErrorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'Bad request.' },
  MALFORMED_PATH: { status: 400, message: 'Malformed percent-encoding in the URL path.' },
  INVALID_PARAMETER: { status: 400, message: 'Invalid path parameter "{name}": expected a number.' },
  INVALID_BODY: { status: 400, message: 'Malformed request body.' },
  INVALID_HOST: { status: 400, message: 'Invalid Host header.' },
  INVALID_FORWARDED_PROTO: { status: 400, message: 'Invalid X-Forwarded-Proto header.' },
  CLIENT_ERROR: { status: 400, message: 'A client error thrown by other middleware (ctx.throw); its own status and message are kept.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  INVALID_VERSION: { status: 404, message: "The scheme's invalidVersionMessage (406 for the Accept-header scheme)." },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  NOT_ACCEPTABLE: { status: 406, message: 'Could not satisfy the request Accept header.' },
  BODY_TOO_LARGE: { status: 413, message: 'Request body is too large.' },
  PARAM_TOO_LONG: { status: 414, message: 'A path parameter is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type: send the body as application/json.' },
  INTERNAL_ERROR: { status: 500, message: 'A server error occurred.' },
  NO_REVERSE_MATCH: { status: 500, message: 'No route matches the given name and parameters.' },
  IMPROPERLY_CONFIGURED: { status: 500, message: 'waymark is misconfigured.' },
  INVALID_ARGUMENT: { status: 500, message: 'Invalid argument.' },
  INVALID_RUNNER_OPTIONS: { status: 500, message: 'The ts-node options are invalid (RunnerOptionsError.errors lists why).' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ErrorCatalogue;

/** Base class of every error waymark throws; `code` is stable across releases. */
export class WaymarkError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface HttpErrorOptions {
  code?: string;
  headers?: Record<string, string>;
}

/**
 * An error that becomes an RFC 9457 problem document with its `status` and
 * `detail`. Throw it (or a subclass) from a handler.
 *
 * @example
 * throw new HttpError(409, 'That name is taken.', { code: 'NAME_TAKEN' });
 */
export class HttpError extends WaymarkError {
  readonly status: number;
  /** The detail in English. */
  readonly detail: string;
  /** The detail as a catalogue key, translated when the response is written. */
  readonly text: Message;
  readonly headers: Readonly<Record<string, string>>;
  /** Koa reads `expose` to decide whether a message may be shown. */
  readonly expose: boolean;

  constructor(status: number, detail?: string | Message, options: HttpErrorOptions = {}) {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be an integer from 400 to 599, got ${String(status)}.`);
    }
    const text = detail instanceof Message ? detail : new Message(detail ?? STATUS_CODES[status] ?? 'Error');
    super(options.code ?? codeForStatus(status), text.render());
    this.status = status;
    this.text = text;
    this.detail = text.render();
    this.headers = { ...options.headers };
    this.expose = true;
  }
}

function codeForStatus(status: number): string {
  for (const [code, entry] of Object.entries(ErrorCatalogue)) {
    if (entry.status === status) return code;
  }
  return status < 500 ? 'CLIENT_ERROR' : 'SERVER_ERROR';
}

/** 400. @example throw new BadRequest('Page must be positive.'); */
export class BadRequest extends HttpError {
  constructor(detail: string | Message = ErrorCatalogue.BAD_REQUEST.message, options: HttpErrorOptions = {}) {
    super(400, detail, { code: 'BAD_REQUEST', ...options });
  }
}

/** 404, default detail `Not found.` @example throw new NotFound('No such user.'); */
export class NotFound extends HttpError {
  constructor(detail: string | Message = ErrorCatalogue.NOT_FOUND.message, options: HttpErrorOptions = {}) {
    super(404, detail, { code: 'NOT_FOUND', ...options });
  }
}

/** 405 with an `Allow` header. @example throw new MethodNotAllowed(['GET', 'HEAD']); */
export class MethodNotAllowed extends HttpError {
  readonly allowedMethods: readonly string[];

  constructor(allowedMethods: readonly string[], detail: string | Message = ErrorCatalogue.METHOD_NOT_ALLOWED.message) {
    super(405, detail, { code: 'METHOD_NOT_ALLOWED', headers: { Allow: allowedMethods.join(', ') } });
    this.allowedMethods = [...allowedMethods];
  }
}

/** 406, default detail `Could not satisfy the request Accept header.` */
export class NotAcceptable extends HttpError {
  constructor(detail: string | Message = ErrorCatalogue.NOT_ACCEPTABLE.message, options: HttpErrorOptions = {}) {
    super(406, detail, { code: 'NOT_ACCEPTABLE', ...options });
  }
}

/**
 * Thrown by `app.url()` and `ctx.reverse()` when no route fits the name and
 * parameters. Reversal never returns an error value.
 *
 * @example
 * try { app.url('users-detail', { id: '' }); } catch (e) { if (e instanceof NoReverseMatch) ... }
 */
export class NoReverseMatch extends WaymarkError {
  constructor(message: string) {
    super('NO_REVERSE_MATCH', message);
  }
}

/** Thrown when an app is built from routes or options that cannot work. */
export class ImproperlyConfigured extends WaymarkError {
  constructor(message: string) {
    super('IMPROPERLY_CONFIGURED', message);
  }
}

/** Thrown when a waymark function is called with arguments it cannot use. */
export class InvalidArgument extends WaymarkError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
  }
}
