import { STATUS_CODES } from 'node:http';
import { entryOf, ErrorCatalogue, messageOf, WaymarkError, type ErrorCode, type HttpErrorCode, type VariantOf } from '../errors';
import { Message } from '../i18n/message';

export interface HttpErrorOptions {
  code?: string;
  headers?: Record<string, string>;
}

/**
 * An error that becomes an RFC 9457 problem document with its `status` and
 * `detail`. Throw it (or a subclass) from a handler.
 *
 * @example
 * const error = new HttpError(409, 'That name is taken.', { code: 'NAME_TAKEN' });
 * assert.deepEqual([error.status, error.detail, error.code], [409, 'That name is taken.', 'NAME_TAKEN']);
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
    super(codeForStatus(status), text.render(), options.code);
    this.status = status;
    this.text = text;
    this.detail = text.render();
    this.headers = { ...options.headers };
    this.expose = true;
  }
}

/** The first catalogue code sent with a 4xx `status`, else the class's catch-all (SERVER_ERROR for every 5xx, as the catalogue says). */
function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'SERVER_ERROR';
  for (const code of Object.keys(ErrorCatalogue) as ErrorCode[]) {
    if (entryOf(code).status === status) return code;
  }
  return status < 500 ? 'CLIENT_ERROR' : 'SERVER_ERROR';
}

/**
 * A request error made from its code: the catalogue's status and template.
 *
 * @example throw httpError('INVALID_PARAMETER', { name: 'id' }, 'pathNumber');
 */
export function httpError<C extends HttpErrorCode>(code: C, params?: Readonly<Record<string, string>>, variant?: VariantOf<C>): HttpError {
  const status = entryOf(code).status as number;
  const text = messageOf(code, params, variant);
  const Class = classByStatus.get(status);
  return Class ? new Class(text, { code }) : new HttpError(status, text, { code });
}

/** A refused version (api.md §4.1): the scheme's own message (its translation key), 404, or 406 for the Accept header. */
export function versionRefused(message: string, status: 404 | 406 = 404): HttpError {
  return new HttpError(status, new Message(message), { code: 'INVALID_VERSION' satisfies HttpErrorCode });
}

/**
 * 400, default detail `Bad request.`
 *
 * @example
 * assert.equal(new BadRequest('Page must be positive.').status, 400);
 */
export class BadRequest extends HttpError {
  constructor(detail: string | Message = messageOf('BAD_REQUEST'), options: HttpErrorOptions = {}) {
    super(400, detail, { code: 'BAD_REQUEST', ...options });
  }
}

/**
 * 404, default detail `Not found.`
 *
 * @example
 * assert.deepEqual([new NotFound().detail, new NotFound('No such user.').code], ['Not found.', 'NOT_FOUND']);
 */
export class NotFound extends HttpError {
  constructor(detail: string | Message = messageOf('NOT_FOUND'), options: HttpErrorOptions = {}) {
    super(404, detail, { code: 'NOT_FOUND', ...options });
  }
}

/**
 * 405 with an `Allow` header.
 *
 * @example
 * assert.equal(new MethodNotAllowed(['GET', 'HEAD']).headers.Allow, 'GET, HEAD');
 */
export class MethodNotAllowed extends HttpError {
  readonly allowedMethods: readonly string[];

  constructor(allowedMethods: readonly string[], detail: string | Message = messageOf('METHOD_NOT_ALLOWED')) {
    super(405, detail, { code: 'METHOD_NOT_ALLOWED', headers: { Allow: allowedMethods.join(', ') } });
    this.allowedMethods = [...allowedMethods];
  }
}

/**
 * 406, default detail `Could not satisfy the request Accept header.`
 *
 * @example
 * assert.equal(new NotAcceptable().status, 406);
 */
export class NotAcceptable extends HttpError {
  constructor(detail: string | Message = messageOf('NOT_ACCEPTABLE'), options: HttpErrorOptions = {}) {
    super(406, detail, { code: 'NOT_ACCEPTABLE', ...options });
  }
}

/** The class of each status that has one, so that `instanceof BadRequest` holds for every 400 from `httpError()`. */
const classByStatus = new Map<number, new (detail: Message, options: HttpErrorOptions) => HttpError>([
  [400, BadRequest],
  [404, NotFound],
  [406, NotAcceptable],
]);

