import type { ErrorCode } from './catalogue';

/**
 * Base class of every error waymark throws; `code` is stable across releases
 * (see `ErrorCatalogue`).
 *
 * @example
 * const errors: unknown[] = [new NotFound(), new NoReverseMatch('x'), new ImproperlyConfigured('y'), new Error('z')];
 * const codes = errors.map((error) => (error instanceof WaymarkError ? error.code : 'not waymark'));
 * assert.deepEqual(codes, ['NOT_FOUND', 'NO_REVERSE_MATCH', 'IMPROPERLY_CONFIGURED', 'not waymark']);
 */
export class WaymarkError extends Error {
  readonly code: string;

  /** `own` is an application's code for an `HttpError` it throws (`options.code`); waymark's are catalogue codes. */
  constructor(code: ErrorCode, message: string, own?: string) {
    super(message);
    this.name = new.target.name;
    this.code = own ?? code;
  }
}

/**
 * Thrown by `app.url()` and `ctx.reverse()` when no route fits the name and
 * parameters. Reversal never returns an error value.
 *
 * @example
 * const app = createApp({ routes: [] });
 * assert.throws(() => app.url('users-detail', { id: 1 }), NoReverseMatch);
 */
export class NoReverseMatch extends WaymarkError {
  constructor(message: string) {
    super('NO_REVERSE_MATCH', message);
  }
}

/**
 * Thrown when an app is built from routes or options that cannot work.
 *
 * @example
 * assert.throws(() => createApp({ routes: [], mediaTypes: [] }), ImproperlyConfigured);
 */
export class ImproperlyConfigured extends WaymarkError {
  constructor(message: string) {
    super('IMPROPERLY_CONFIGURED', message);
  }
}

/**
 * Thrown when a waymark function is called with arguments it cannot use.
 *
 * @example
 * ```ts
 * // A scheme reverses against the request's app, so it needs the request.
 * assert.throws(() => new URLPathVersioning().reverse('users-detail'), InvalidArgument);
 * @Controller('/users')
 * class Users {
 *   @Get('', 'users-list') list() {}
 * }
 * // An absolute URL outside a request needs the app's origin.
 * assert.throws(() => createApp({ routes: [Users] }).url('users-list', {}, { absolute: true }), InvalidArgument);
 * ```
 */
export class InvalidArgument extends WaymarkError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
  }
}

/**
 * A value a handler returned that its route's response schema refuses, found
 * when `AppOptions.validateResponses` is on. It is reported on the app's
 * `error` event; the client gets a bare 500 problem document. The message
 * names the route, the status and each failure's JSON Pointer.
 *
 * @example
 * const error = new InvalidResponse("route 'users-detail' (GET /users/:id)", 200, [{ detail: 'must be string', pointer: '#/name' }]);
 * assert.equal(error.code, 'INVALID_RESPONSE');
 * assert.equal(error.message, "The response of route 'users-detail' (GET /users/:id) with status 200 does not match its schema: must be string at #/name.");
 */
export class InvalidResponse extends WaymarkError {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly issues: readonly { readonly detail: string; readonly pointer?: string }[],
  ) {
    const failures = issues.map((issue) => (issue.pointer === undefined ? issue.detail : `${issue.detail} at ${issue.pointer}`)).join('; ');
    super('INVALID_RESPONSE', `The response of ${route} with status ${status} does not match its schema: ${failures}.`);
  }
}

/**
 * The version pin store (`AppOptions.pinning.store`) threw or did not answer
 * within `pinning.timeout`. The request is served as if the client had no pin
 * (its version, else the default); this error goes to the app's `error`
 * event, with the store's own error as `cause` (docs/pinning.md).
 *
 * @example
 * const error = new PinStoreFailed('get', 'key-1', new Error('connection refused'));
 * assert.equal(error.code, 'PIN_STORE_FAILED');
 * assert.equal(error.message, "The version pin store's get('key-1') failed: connection refused.");
 */
export class PinStoreFailed extends WaymarkError {
  constructor(
    readonly operation: 'get' | 'set',
    readonly clientId: string,
    readonly cause: unknown,
  ) {
    super('PIN_STORE_FAILED', `The version pin store's ${operation}('${clientId}') failed: ${cause instanceof Error ? cause.message : String(cause)}.`);
  }
}
