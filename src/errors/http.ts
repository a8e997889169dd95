import { STATUS_CODES } from 'node:http';
import type { ErrorCode, HttpErrorCode } from './catalogue';
import { Message } from './message';
import { InvalidArgument, WaymarkError } from './waymark';

export interface HttpErrorOptions {
  code?: string;
  headers?: Record<string, string>;
  /** A URI reference identifying the problem type (RFC 9457 §3.1.1); default `about:blank`. */
  type?: string;
  /** A short summary of the problem type; default the status's reason phrase. */
  title?: string;
  /** A URI reference identifying this occurrence of the problem (RFC 9457 §3.1.5). */
  instance?: string;
  /** Extra members of the problem document, such as `errors`; JSON values only. */
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
 * It follows Koa's conventions (the `http-errors` shape), so Koa middleware
 * that reads errors (loggers, error reporters) understands it: `status` and
 * `statusCode` are the status, `expose` is true below 500 (the detail is
 * meant for the client), and `headers` are the headers the response carries.
 *
 * @example
 * const error = new HttpError(409, 'That name is taken.', { code: 'NAME_TAKEN' });
 * assert.deepEqual([error.status, error.detail, error.code], [409, 'That name is taken.', 'NAME_TAKEN']);
 * assert.deepEqual([error.statusCode, error.expose, new HttpError(503).expose], [409, true, false]);
 */
export class HttpError extends WaymarkError {
  readonly status: number;
  /** The detail in English. */
  readonly detail: string;
  /** The detail as a catalogue key, translated when the response is written. */
  readonly text: Message;
  /** The headers the response carries (`Allow`, `WWW-Authenticate`, `Retry-After`, ...). */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether the message may be shown to the client: true below 500 (Koa's and `http-errors`' rule). */
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
    this.expose = status < 500;
    this.type = uriOption(options.type, 'type') ?? 'about:blank';
    if (options.title !== undefined && typeof options.title !== 'string') throw new InvalidArgument(`HttpError title must be a string, got ${String(options.title)}.`);
    this.title = options.title;
    this.instance = uriOption(options.instance, 'instance');
    this.extensions = checkExtensions(options.extensions);
  }

  /** `status` under the name Node's `http` module and some Koa middleware read. */
  get statusCode(): number {
    return this.status;
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

/**
 * The code of an `HttpError` made with a bare status: each status that has a
 * code of its own says which, written out rather than found by scanning the
 * catalogue (whose order would then decide: 404 is NOT_FOUND, not
 * INVALID_VERSION; 410 is GONE, not VERSION_RETIRED). Any other 4xx is
 * CLIENT_ERROR, every 5xx SERVER_ERROR.
 */
const CODE_BY_STATUS: ReadonlyMap<number, HttpErrorCode> = new Map<number, HttpErrorCode>([
  [400, 'BAD_REQUEST'],
  [401, 'UNAUTHORIZED'],
  [403, 'FORBIDDEN'],
  [404, 'NOT_FOUND'],
  [405, 'METHOD_NOT_ALLOWED'],
  [406, 'NOT_ACCEPTABLE'],
  [409, 'CONFLICT'],
  [410, 'GONE'],
  [413, 'BODY_TOO_LARGE'],
  [414, 'PARAM_TOO_LONG'],
  [415, 'UNSUPPORTED_MEDIA_TYPE'],
  [429, 'TOO_MANY_REQUESTS'],
]);

function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'SERVER_ERROR';
  return CODE_BY_STATUS.get(status) ?? 'CLIENT_ERROR';
}
