import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import type { ErrorFormat, ErrorFormatOptions, ProblemDocument } from '../model/error-format';
import { checkSchema } from '../schema/kinds';
import { checkKeys, keysOf } from '../util/keys';
import { call } from '../util/user-code';

/** RFC 9457's media type: what every error is sent as unless `errors.mediaType` says otherwise. */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The format of an app without the `errors` option: RFC 9457 problem documents, validation failures 400. */
export const DEFAULT_ERROR_FORMAT: ErrorFormat = Object.freeze({ render: null, mediaType: PROBLEM_MEDIA_TYPE, schema: null, validationStatus: 400 });

const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/i;
const ERRORS_OPTIONS = keysOf<ErrorFormatOptions>({ status: true, render: true, mediaType: true, schema: true });
const STATUS_OPTIONS = keysOf<NonNullable<ErrorFormatOptions['status']>>({ validation: true });

/** `AppOptions.errors` checked when the app is built: each mistake is an `ImproperlyConfigured` naming the fix. */
export function resolveErrorFormat(options: ErrorFormatOptions | undefined): ErrorFormat {
  if (options === undefined) return DEFAULT_ERROR_FORMAT;
  checkKeys('createApp() option errors', options, ERRORS_OPTIONS);
  checkKeys('createApp() option errors.status', options.status ?? {}, STATUS_OPTIONS);
  const validationStatus = options.status?.validation ?? 400;
  if (validationStatus !== 400 && validationStatus !== 422) {
    throw new ImproperlyConfigured(`errors.status.validation must be 400 or 422, got ${JSON.stringify(validationStatus) ?? String(validationStatus)}.`);
  }
  const { render, mediaType = PROBLEM_MEDIA_TYPE } = options;
  if (render !== undefined && typeof render !== 'function') {
    throw new ImproperlyConfigured('errors.render must be a function (problem, ctx) => body, such as (p) => ({ errors: { body: [p.detail] } }).');
  }
  if (typeof mediaType !== 'string' || !MEDIA_TYPE.test(mediaType)) {
    throw new ImproperlyConfigured(`errors.mediaType must be a media type without parameters, such as 'application/json', got ${JSON.stringify(mediaType) ?? String(mediaType)}.`);
  }
  const schema = options.schema === undefined ? null : checkSchema(options.schema, 'errors.schema');
  return Object.freeze({ render: render ?? null, mediaType, schema, validationStatus });
}

/**
 * The body `errors.render` gives, as bytes Koa can send: JSON-encoded, or
 * as it is when it is bytes or a string under a media type that is not JSON.
 * An async `render` is awaited (its promise owned, docs/architecture.md#user-code).
 * `undefined` (a renderer that forgot to return) is the renderer's mistake:
 * it throws, and the error boundary answers the generic 500 instead.
 */
export function renderedBody(format: ErrorFormat, problem: ProblemDocument, ctx: Context): string | Uint8Array | Promise<string | Uint8Array> {
  const body = call(format.render as NonNullable<ErrorFormat['render']>, problem, ctx);
  return body instanceof Promise ? body.then((settled) => encoded(format, settled)) : encoded(format, body);
}

function encoded(format: ErrorFormat, body: unknown): string | Uint8Array {
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string' && !JSON_TYPE.test(format.mediaType)) return body;
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError(`errors.render returned ${typeof body}, not a body to send.`);
  return json;
}

/**
 * Security and CORS headers (helmet's, @koa/cors's) describe the origin, not
 * the body: they survive when an error replaces the response
 * (docs/errors.md#headers-on-errors). Names as Node lists them, lower case.
 */
const SURVIVING = new RegExp(
  '^(?:strict-transport-security|content-security-policy(?:-report-only)?|x-content-type-options|x-frame-options|referrer-policy' +
    '|cross-origin-[a-z-]+|permissions-policy|origin-agent-cluster|x-dns-prefetch-control|x-download-options' +
    '|x-permitted-cross-domain-policies|x-xss-protection|access-control-[a-z-]+)$',
);

/** Whether a header set before an error stays on the error response. */
export function survivesError(name: string): boolean {
  return SURVIVING.test(name);
}
