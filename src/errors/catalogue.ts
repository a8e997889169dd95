import { Message } from './message';

/** One code of the catalogue. */
export interface CatalogueEntry {
  /** The status of the problem document; absent for errors thrown at the developer, which never become a response. */
  readonly status?: number;
  /** The English template, with `{name}` placeholders; it is also the translation key. */
  readonly message: string;
  /** More templates for the same code, by variant name (e.g. which parameter source failed). */
  readonly variants?: Readonly<Record<string, string>>;
}

/**
 * Every error waymark produces, by its stable `code` (the pattern of
 * Fastify's `lib/errors.js`). Tests assert on `code`; messages may be
 * reworded or translated.
 *
 * - An entry with a `status` is a request error, sent as a problem document.
 *   Its `message` (and each of its `variants`) is the English detail
 *   template: `{name}` placeholders are filled from the error's params, and
 *   the template is the key under which `src/i18n/<lang>.ts` translates it (by
 *   `CODE` or `CODE.variant`; the compiler and a test require every shipped
 *   language to have each). Create one with `httpError(code, params)`
 *   (`src/errors/status.ts`) or its class.
 * - An entry without a status is thrown at the developer (misconfiguration,
 *   misuse, reversal) and is never a response; its throw site writes the
 *   message, naming the offender and the fix, and `message` says what the code means.
 *
 * Adding a code is one line here plus one per language:
 * `GONE: { status: 410, message: 'This resource is gone.' },`
 *
 * @example
 * assert.deepEqual(ErrorCatalogue.NOT_FOUND, { status: 404, message: 'Not found.' });
 * assert.equal(new NotFound().code, 'NOT_FOUND');
 * assert.equal(ErrorCatalogue.INVALID_PARAMETER.variants.queryNumber, 'Invalid query parameter "{name}": expected a number.');
 * assert.equal('status' in ErrorCatalogue.NO_REVERSE_MATCH, false); // thrown at developers, never a response
 */
export const ErrorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'Bad request.' },
  MALFORMED_PATH: { status: 400, message: 'Malformed percent-encoding in the URL path.' },
  INVALID_PARAMETER: {
    status: 400,
    message: 'Invalid parameter "{name}".',
    variants: {
      pathNumber: 'Invalid path parameter "{name}": expected a number.',
      pathBoolean: 'Invalid path parameter "{name}": expected true, false, 1 or 0.',
      queryNumber: 'Invalid query parameter "{name}": expected a number.',
      queryBoolean: 'Invalid query parameter "{name}": expected true, false, 1 or 0.',
      headerNumber: 'Invalid header "{name}": expected a number.',
      headerBoolean: 'Invalid header "{name}": expected true, false, 1 or 0.',
      pathDate: 'Invalid path parameter "{name}": expected an RFC 3339 date or date-time.',
      queryDate: 'Invalid query parameter "{name}": expected an RFC 3339 date or date-time.',
      headerDate: 'Invalid header "{name}": expected an RFC 3339 date or date-time.',
    },
  },
  /** A `required: true` parameter that is absent (docs/controllers-and-parameters.md). */
  MISSING_PARAMETER: {
    status: 400,
    message: 'Missing parameter "{name}".',
    variants: {
      path: 'Missing path parameter "{name}".',
      query: 'Missing query parameter "{name}".',
      header: 'Missing header "{name}".',
    },
  },
  /** An `Array` parameter with more elements than waymark reads. */
  /** A number that a double cannot hold exactly (beyond ±2^53-1, or a non-zero value that underflows to 0): it would name another resource. */
  INEXACT_NUMBER: {
    status: 400,
    message: 'Invalid parameter "{name}": the number cannot be represented exactly (integers are exact up to 9007199254740991).',
    variants: {
      path: 'Invalid path parameter "{name}": the number cannot be represented exactly (integers are exact up to 9007199254740991).',
      query: 'Invalid query parameter "{name}": the number cannot be represented exactly (integers are exact up to 9007199254740991).',
      header: 'Invalid header "{name}": the number cannot be represented exactly (integers are exact up to 9007199254740991).',
    },
  },
  TOO_MANY_VALUES: {
    status: 400,
    message: 'Invalid parameter "{name}": more than {max} values.',
    variants: {
      query: 'Invalid query parameter "{name}": more than {max} values.',
      header: 'Invalid header "{name}": more than {max} values.',
    },
  },
  /** An empty body for a `required` `@Body()`. */
  MISSING_BODY: { status: 400, message: 'Missing request body.' },
  /** Values a JSON Schema rejected; the problem document's `errors` lists every failure. */
  VALIDATION_FAILED: { status: 400, message: 'The request did not validate.' },
  INVALID_BODY: {
    status: 400,
    message: 'Malformed request body.',
    variants: {
      tooDeep: 'The request body nests deeper than {max} levels.',
      multipart: 'Malformed multipart body: {reason}.',
      form: 'Malformed form body: invalid percent-encoding.',
    },
  },
  INVALID_HOST: { status: 400, message: 'Invalid Host header.' },
  INVALID_FORWARDED_PROTO: { status: 400, message: 'Invalid X-Forwarded-Proto header.' },
  /** `ctx.throw(4xx)` from other middleware: its own status and message are kept. */
  CLIENT_ERROR: { status: 400, message: 'The request could not be processed.' },
  UNAUTHORIZED: { status: 401, message: 'Authentication credentials were not provided.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** A refused version: 404, or 406 for the Accept-header scheme; the detail is the scheme's `invalidVersionMessage`. */
  INVALID_VERSION: {
    status: 404,
    message: 'Invalid version.',
    variants: {
      acceptHeader: 'Invalid version in "Accept" header.',
      urlPath: 'Invalid version in URL path.',
      namespace: 'Invalid version in URL path. Does not match any version namespace.',
      hostName: 'Invalid version in hostname.',
      queryParameter: 'Invalid version in query parameter.',
    },
  },
  /** A known path with another method; the router's 405 names the method, as DRF's does. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.', variants: { named: 'Method "{method}" not allowed.' } },
  NOT_ACCEPTABLE: { status: 406, message: 'Could not satisfy the request Accept header.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state of the resource.' },
  GONE: { status: 410, message: 'The resource is no longer available.' },
  /** A version past its sunset with `retireAfterSunset` (docs/lifecycle.md). After GONE: a plain `HttpError(410)` is GONE. */
  VERSION_RETIRED: { status: 410, message: 'This API version was retired on {date}.' },
  BODY_TOO_LARGE: { status: 413, message: 'Request body is too large.', variants: { limit: 'Request body is over the limit of {limit} ({max}).' } },
  PARAM_TOO_LONG: { status: 414, message: 'A path parameter is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type: send the body as application/json.', variants: { accepted: 'Unsupported media type: send the body as {types}.' } },
  TOO_MANY_REQUESTS: { status: 429, message: 'Request was throttled.' },
  /** A method no route of the app declares (docs/methods.md), RFC 9110 §15.6.2; a method only another path declares is a 405. */
  NOT_IMPLEMENTED: { status: 501, message: 'Method "{method}" is not implemented by this server.' },
  /** Anything thrown that is not an `HttpError`: a 500 that reveals nothing. */
  INTERNAL_ERROR: { status: 500, message: 'A server error occurred.' },
  /** A request that arrives on a kept-alive connection while closeGracefully drains its server. */
  SHUTTING_DOWN: { status: 503, message: 'The server is shutting down.' },
  /** An `HttpError` with a 5xx status and no code of its own. */
  SERVER_ERROR: { status: 500, message: 'The server could not complete the request.' },
  NO_REVERSE_MATCH: { message: 'No route matches the given name and parameters.' },
  IMPROPERLY_CONFIGURED: { message: 'waymark is misconfigured.' },
  INVALID_ARGUMENT: { message: 'Invalid argument.' },
  /** A handler's value that its response schema refuses, with `validateResponses` on: the client gets a bare 500 (docs/contracts.md). */
  INVALID_RESPONSE: { message: 'A response does not match its schema.' },
  INVALID_RUNNER_OPTIONS: { message: 'The ts-node options are invalid (RunnerOptionsError.errors lists why).' },
  /** The version pin store threw or did not answer in time: the request was served unpinned, reported on the app's `error` event (docs/pinning.md). */
  PIN_STORE_FAILED: { message: 'The version pin store failed; the request was served as if the client had no pin.' },
  /** `checkContract()` (waymark/testing) found answers its documents do not describe (docs/testing.md). */
  CONTRACT_VIOLATION: { message: 'The app does not answer as its OpenAPI documents say (ContractViolation.failures lists how).' },
} as const satisfies Record<string, CatalogueEntry>;

type Entries = typeof ErrorCatalogue;
export type ErrorCode = keyof Entries;
/** The codes sent as problem documents. */
export type HttpErrorCode = { [C in ErrorCode]: Entries[C] extends { status: number } ? C : never }[ErrorCode];
export type VariantOf<C extends ErrorCode> = Entries[C] extends { variants: infer V } ? Extract<keyof V, string> : never;

export function entryOf(code: ErrorCode): CatalogueEntry {
  return ErrorCatalogue[code];
}

/** The template of a code (or of one of its variants): the English text and the translation key. */
export function templateOf<C extends ErrorCode>(code: C, variant?: VariantOf<C>): string {
  const entry = entryOf(code);
  return variant === undefined ? entry.message : (entry.variants?.[variant] ?? entry.message);
}

/** The message of a code, to be rendered (and translated) when the response is written. */
export function messageOf<C extends ErrorCode>(code: C, params: Readonly<Record<string, string>> = {}, variant?: VariantOf<C>): Message {
  return new Message(templateOf(code, variant), params);
}
