import { entryOf, messageOf, type HttpErrorCode, type VariantOf } from './catalogue';
import { HttpError, type HttpErrorOptions } from './http';
import { Message } from './message';
import { InvalidArgument } from './waymark';

type StatusClass = new (detail?: string | Message, options?: HttpErrorOptions) => HttpError;

/** Each generated base class and the status it was made for. */
const statusOfBase = new Map<Function, number>();

/**
 * The base of the class for one catalogue code: its status and default
 * detail are the code's catalogue entry, never written again here.
 */
function statusClass(code: HttpErrorCode): StatusClass {
  const status = entryOf(code).status as number;
  const Base = class extends HttpError {
    constructor(detail: string | Message = messageOf(code), options: HttpErrorOptions = {}) {
      super(status, detail, { code, ...options });
    }
  };
  statusOfBase.set(Base, status);
  return Base;
}

/**
 * A request error made from its code: the catalogue's status and template,
 * as an instance of that status's class when it has one.
 *
 * @example throw httpError('INVALID_PARAMETER', { name: 'id' }, 'pathNumber');
 */
export function httpError<C extends HttpErrorCode>(code: C, params?: Readonly<Record<string, string>>, variant?: VariantOf<C>): HttpError {
  const status = entryOf(code).status as number;
  const text = messageOf(code, params, variant);
  const Class = classByStatus.get(status);
  return Class ? new Class(text, { code }) : new HttpError(status, text, { code });
}

/** A refused version: the scheme's own message (its translation key), 404, or 406 for the Accept header (docs/versioning.md). */
export function versionRefused(message: string, status: 404 | 406 = 404): HttpError {
  return new HttpError(status, new Message(message), { code: 'INVALID_VERSION' satisfies HttpErrorCode });
}

/**
 * 400, default detail `Bad request.`
 *
 * @example
 * assert.equal(new BadRequest('Page must be positive.').status, 400);
 */
export class BadRequest extends statusClass('BAD_REQUEST') {}

/**
 * 401, default detail `Authentication credentials were not provided.`;
 * `challenge` is sent as `WWW-Authenticate` (RFC 9110 §11.6.1).
 *
 * @example
 * const error = new Unauthorized(undefined, { challenge: 'Bearer realm="api"' });
 * assert.equal(error.status, 401);
 * assert.equal(error.headers['WWW-Authenticate'], 'Bearer realm="api"');
 */
export class Unauthorized extends statusClass('UNAUTHORIZED') {
  constructor(detail?: string | Message, options: HttpErrorOptions & { challenge?: string } = {}) {
    const { challenge, ...rest } = options;
    if (challenge !== undefined && typeof challenge !== 'string') throw new InvalidArgument(`Unauthorized challenge must be a string, got ${String(challenge)}.`);
    const headers = challenge === undefined ? rest.headers : { ...rest.headers, 'WWW-Authenticate': challenge };
    super(detail, { ...rest, headers });
  }
}

/**
 * 403, default detail `You do not have permission to perform this action.`
 *
 * @example
 * const error = new Forbidden('Admins only.');
 * assert.deepEqual([error.status, error.detail, error.code], [403, 'Admins only.', 'FORBIDDEN']);
 */
export class Forbidden extends statusClass('FORBIDDEN') {}

/**
 * 404, default detail `Not found.`
 *
 * @example
 * assert.deepEqual([new NotFound().detail, new NotFound('No such user.').code], ['Not found.', 'NOT_FOUND']);
 */
export class NotFound extends statusClass('NOT_FOUND') {}

/**
 * 405 with an `Allow` header listing `allowedMethods`; `detail` and
 * `options` as for the other status classes (a `headers` option is sent
 * beside `Allow`).
 *
 * @example
 * assert.equal(new MethodNotAllowed(['GET', 'HEAD']).headers.Allow, 'GET, HEAD');
 * const error = new MethodNotAllowed(['GET'], 'Read only.', { code: 'READ_ONLY' });
 * assert.deepEqual([error.status, error.detail, error.code, error.allowedMethods], [405, 'Read only.', 'READ_ONLY', ['GET']]);
 */
export class MethodNotAllowed extends statusClass('METHOD_NOT_ALLOWED') {
  readonly allowedMethods: readonly string[];

  constructor(allowedMethods: readonly string[], detail?: string | Message, options: HttpErrorOptions = {}) {
    super(detail, { ...options, headers: { ...options.headers, Allow: allowedMethods.join(', ') } });
    this.allowedMethods = [...allowedMethods];
  }
}

/**
 * 406, default detail `Could not satisfy the request Accept header.`
 *
 * @example
 * assert.equal(new NotAcceptable().status, 406);
 */
export class NotAcceptable extends statusClass('NOT_ACCEPTABLE') {}

/**
 * 409, default detail `The request conflicts with the current state of the resource.`
 *
 * @example
 * const error = new Conflict('That name is taken.', { extensions: { field: 'name' } });
 * assert.deepEqual([error.status, error.extensions], [409, { field: 'name' }]);
 */
export class Conflict extends statusClass('CONFLICT') {}

/**
 * 410, default detail `The resource is no longer available.`
 *
 * @example
 * assert.equal(new Gone().status, 410);
 */
export class Gone extends statusClass('GONE') {}

/**
 * 415, default detail `Unsupported media type: send the body as application/json.`
 *
 * @example
 * assert.equal(new UnsupportedMediaType().code, 'UNSUPPORTED_MEDIA_TYPE');
 */
export class UnsupportedMediaType extends statusClass('UNSUPPORTED_MEDIA_TYPE') {}

/**
 * 429, default detail `Request was throttled.`; `retryAfter` (whole seconds,
 * rounded up) is sent as `Retry-After` (RFC 9110 §10.2.3).
 *
 * @example
 * const error = new TooManyRequests(undefined, { retryAfter: 30 });
 * assert.deepEqual([error.status, error.headers['Retry-After']], [429, '30']);
 */
export class TooManyRequests extends statusClass('TOO_MANY_REQUESTS') {
  constructor(detail?: string | Message, options: HttpErrorOptions & { retryAfter?: number } = {}) {
    const { retryAfter, ...rest } = options;
    // RFC 9110 §10.2.3 wants whole digits: past 2^53 String() would write '1e+21'.
    if (retryAfter !== undefined && !(typeof retryAfter === 'number' && retryAfter >= 0 && Math.ceil(retryAfter) <= Number.MAX_SAFE_INTEGER)) {
      throw new InvalidArgument(`TooManyRequests retryAfter must be a number of seconds from 0 to ${Number.MAX_SAFE_INTEGER}, got ${String(retryAfter)}.`);
    }
    const headers = retryAfter === undefined ? rest.headers : { ...rest.headers, 'Retry-After': String(Math.ceil(retryAfter)) };
    super(detail, { ...rest, headers });
  }
}

/** The class `httpError()` makes for each status that has one (not 405: MethodNotAllowed needs the allowed methods), so that `instanceof BadRequest` holds for every 400. */
const classByStatus = new Map<number, StatusClass>(
  [BadRequest, Unauthorized, Forbidden, NotFound, NotAcceptable, Conflict, Gone, UnsupportedMediaType, TooManyRequests].map((Class) => [
    statusOfBase.get(Object.getPrototypeOf(Class)) as number,
    Class,
  ]),
);
