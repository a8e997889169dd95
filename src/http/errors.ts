import { STATUS_CODES } from 'node:http';
import { entryOf, ErrorCatalogue, InvalidArgument, messageOf, WaymarkError, type ErrorCode, type HttpErrorCode, type VariantOf } from '../errors';
import { Message } from '../i18n/message';

export interface HttpErrorOptions {
  code?: string;
  headers?: Record<string, string>;
  /** A URI reference identifying the problem type (RFC 9457 §3.1.1); default `about:blank`. */
  type?: string;
  /** A short summary of the problem type; default the status's reason phrase. */
  title?: string;
  /** A URI reference identifying this occurrence of the problem (RFC 9457 §3.1.5). */
  instance?: string;
  /** Extra members of the problem document, such as `errors`; JSON values only, and none of the names RFC 9457 defines. */
  extensions?: ProblemExtensions;
}

/** Members RFC 9457 defines; an extension may not replace them. */
const STANDARD_MEMBERS = ['type', 'title', 'status', 'detail', 'instance'] as const;

/**
 * Extension members of a problem document: a member named as one RFC 9457
 * defines (`title`, `type`, ...) is a compile-time error; from untyped code
 * it is dropped (the error keeps its status and its own member), since a
 * throw here would turn the intended 4xx into a bare 500.
 */
export type ProblemExtensions = Record<string, unknown> & { readonly [K in (typeof STANDARD_MEMBERS)[number]]?: never };
/** A URI reference has no white space or control characters (RFC 3986 §2). */
const URI_REFERENCE = /^[^\s\p{Cc}]+$/u;

/**
 * An error that becomes an RFC 9457 problem document with its `status` and
 * `detail` (and `type`, `title`, `instance` and extension members when
 * given). Throw it (or a subclass) from a handler or a middleware.
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
  /** The problem type URI; `about:blank` unless given. */
  readonly type: string;
  /** The problem title; `undefined` renders the status's reason phrase. */
  readonly title: string | undefined;
  readonly instance: string | undefined;
  readonly extensions: Readonly<Record<string, unknown>>;

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
    this.type = uriOption(options.type, 'type') ?? 'about:blank';
    if (options.title !== undefined && typeof options.title !== 'string') throw new InvalidArgument(`HttpError title must be a string, got ${String(options.title)}.`);
    this.title = options.title;
    this.instance = uriOption(options.instance, 'instance');
    this.extensions = checkExtensions(options.extensions);
  }
}

function uriOption(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !URI_REFERENCE.test(value)) {
    throw new InvalidArgument(`HttpError ${name} must be a URI reference (no spaces or control characters), got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** Extension members are checked when the error is made, so a bad one never becomes a 500 while rendering. */
function checkExtensions(extensions: unknown): Readonly<Record<string, unknown>> {
  if (extensions === undefined) return {};
  if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) {
    throw new InvalidArgument(`HttpError extensions must be an object of extra members, got ${JSON.stringify(extensions)}.`);
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extensions)) if (!(STANDARD_MEMBERS as readonly string[]).includes(key)) kept[key] = value;
  try {
    JSON.stringify(kept);
  } catch (error) {
    throw new InvalidArgument(`HttpError extensions must be JSON values: ${(error as Error).message}.`);
  }
  return Object.freeze(kept);
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

/**
 * 401, default detail `Authentication credentials were not provided.`;
 * `challenge` is sent as `WWW-Authenticate` (RFC 9110 §11.6.1).
 *
 * @example
 * const error = new Unauthorized(undefined, { challenge: 'Bearer realm="api"' });
 * assert.equal(error.status, 401);
 * assert.equal(error.headers['WWW-Authenticate'], 'Bearer realm="api"');
 */
export class Unauthorized extends HttpError {
  constructor(detail: string | Message = messageOf('UNAUTHORIZED'), options: HttpErrorOptions & { challenge?: string } = {}) {
    const { challenge, ...rest } = options;
    if (challenge !== undefined && typeof challenge !== 'string') throw new InvalidArgument(`Unauthorized challenge must be a string, got ${String(challenge)}.`);
    const headers = challenge === undefined ? rest.headers : { ...rest.headers, 'WWW-Authenticate': challenge };
    super(401, detail, { code: 'UNAUTHORIZED', ...rest, headers });
  }
}

/**
 * 403, default detail `You do not have permission to perform this action.`
 *
 * @example
 * const error = new Forbidden('Admins only.');
 * assert.deepEqual([error.status, error.detail, error.code], [403, 'Admins only.', 'FORBIDDEN']);
 */
export class Forbidden extends HttpError {
  constructor(detail: string | Message = messageOf('FORBIDDEN'), options: HttpErrorOptions = {}) {
    super(403, detail, { code: 'FORBIDDEN', ...options });
  }
}

/**
 * 409, default detail `The request conflicts with the current state of the resource.`
 *
 * @example
 * const error = new Conflict('That name is taken.', { extensions: { field: 'name' } });
 * assert.deepEqual([error.status, error.extensions], [409, { field: 'name' }]);
 */
export class Conflict extends HttpError {
  constructor(detail: string | Message = messageOf('CONFLICT'), options: HttpErrorOptions = {}) {
    super(409, detail, { code: 'CONFLICT', ...options });
  }
}

/**
 * 410, default detail `The resource is no longer available.`
 *
 * @example
 * assert.equal(new Gone().status, 410);
 */
export class Gone extends HttpError {
  constructor(detail: string | Message = messageOf('GONE'), options: HttpErrorOptions = {}) {
    super(410, detail, { code: 'GONE', ...options });
  }
}

/**
 * 415, default detail `Unsupported media type: send the body as application/json.`
 *
 * @example
 * assert.equal(new UnsupportedMediaType().code, 'UNSUPPORTED_MEDIA_TYPE');
 */
export class UnsupportedMediaType extends HttpError {
  constructor(detail: string | Message = messageOf('UNSUPPORTED_MEDIA_TYPE'), options: HttpErrorOptions = {}) {
    super(415, detail, { code: 'UNSUPPORTED_MEDIA_TYPE', ...options });
  }
}

/**
 * 429, default detail `Request was throttled.`; `retryAfter` (whole seconds,
 * rounded up) is sent as `Retry-After` (RFC 9110 §10.2.3).
 *
 * @example
 * const error = new TooManyRequests(undefined, { retryAfter: 30 });
 * assert.deepEqual([error.status, error.headers['Retry-After']], [429, '30']);
 */
export class TooManyRequests extends HttpError {
  constructor(detail: string | Message = messageOf('TOO_MANY_REQUESTS'), options: HttpErrorOptions & { retryAfter?: number } = {}) {
    const { retryAfter, ...rest } = options;
    // RFC 9110 §10.2.3 wants whole digits: past 2^53 String() would write '1e+21'.
    if (retryAfter !== undefined && !(typeof retryAfter === 'number' && retryAfter >= 0 && Math.ceil(retryAfter) <= Number.MAX_SAFE_INTEGER)) {
      throw new InvalidArgument(`TooManyRequests retryAfter must be a number of seconds from 0 to ${Number.MAX_SAFE_INTEGER}, got ${String(retryAfter)}.`);
    }
    const headers = retryAfter === undefined ? rest.headers : { ...rest.headers, 'Retry-After': String(Math.ceil(retryAfter)) };
    super(429, detail, { code: 'TOO_MANY_REQUESTS', ...rest, headers });
  }
}

/** The class of each status that has one, so that `instanceof BadRequest` holds for every 400 from `httpError()`. */
const classByStatus = new Map<number, new (detail: Message, options: HttpErrorOptions) => HttpError>([
  [400, BadRequest],
  [401, Unauthorized],
  [403, Forbidden],
  [404, NotFound],
  [406, NotAcceptable],
  [409, Conflict],
  [410, Gone],
  [415, UnsupportedMediaType],
  [429, TooManyRequests],
]);

