import type { Context } from 'koa';
import type { Schema } from './schema';

/**
 * One validation failure as a renderer sees it: where (`pointer` into the
 * body, or the `parameter`), the `detail`, and what failed as data —
 * `keyword` (ajv's keyword, such as `required` or `minLength`, or a Standard
 * Schema issue's `code`) and `params` (ajv's params, such as
 * `{ missingProperty: 'email' }` or `{ limit: 3 }`).
 *
 * @example
 * const item: ProblemItem = { detail: "must have required property 'email'", pointer: '#/email', keyword: 'required', params: { missingProperty: 'email' } };
 * const field = item.keyword === 'required' ? item.params.missingProperty : item.pointer;
 * assert.equal(field, 'email');
 */
export interface ProblemItem {
  readonly detail: string;
  readonly pointer?: string;
  readonly parameter?: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * The problem an error becomes (RFC 9457's members, the `HttpError`'s
 * extensions, `errors` for a validation failure): what the default format
 * sends, and what `AppOptions.errors.render` receives (docs/errors.md).
 * A 5xx that is not a deliberate `HttpError` is already the generic one.
 *
 * @example
 * const toRealWorld = (problem: ProblemDocument) => ({ errors: { body: [problem.detail] } });
 * const problem: ProblemDocument = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Not found.' };
 * assert.deepEqual(toRealWorld(problem), { errors: { body: ['Not found.'] } });
 */
export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly errors?: readonly ProblemItem[];
  readonly [member: string]: unknown;
}

/**
 * `AppOptions.errors`: the application's own error format (docs/errors.md#your-own-error-format).
 *
 * @example
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'detail') detail(@Param('id') id: number) { return { id }; }
 * }
 * const errors: ErrorFormatOptions = { status: { validation: 422 }, mediaType: 'application/json', render: (problem) => ({ errors: { body: [problem.detail] } }) };
 * const app = createApp({ routes: [Users], errors });
 * const responses = app.openapi().paths['/users/{id}'].get.responses as Record<string, { content: object }>;
 * assert.deepEqual(responses['422'].content, { 'application/json': { schema: {} } });
 */
export interface ErrorFormatOptions {
  /** The status of a validation failure: 400 (default) or 422 (RealWorld, Rails, Laravel). */
  status?: { validation?: 400 | 422 };
  /** The body to send for a problem (JSON-encoded unless a string or bytes under a non-JSON `mediaType`). */
  render?(problem: ProblemDocument, ctx: Context): unknown;
  /** The error responses' media type; default `application/problem+json`. */
  mediaType?: string;
  /** What `render` returns, for the OpenAPI documents and the typed client. */
  schema?: Schema;
}

/** `AppOptions.errors`, checked, with its defaults filled in. */
export interface ErrorFormat {
  readonly render: ((problem: ProblemDocument, ctx: Context) => unknown) | null;
  readonly mediaType: string;
  readonly schema: Schema | null;
  readonly validationStatus: 400 | 422;
}
