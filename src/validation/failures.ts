import { messageOf, BadRequest, httpError, type HttpError } from '../errors';
import type { Scalar } from './convert';
import type { Issue } from '../schema/compiler';

/** Where a value comes from; it chooses the catalogue variant, so the 400's detail names it. */
export type Place = 'path' | 'query' | 'header' | 'cookie';

/** A cookie has no variant of its own: the catalogue's general message (translated) names it. */
const variantOf = <P extends Place>(place: P) => (place === 'cookie' ? undefined : (place as Exclude<P, 'cookie'>));

/** A value that is absent although `required: true`. */
export function missing(place: Place, name: string): HttpError {
  return httpError('MISSING_PARAMETER', { name }, variantOf(place));
}

/** A value that does not convert to its type (`String` always converts). */
export function invalid(place: Place, name: string, scalar: Exclude<Scalar['name'], 'String'>): HttpError {
  return httpError('INVALID_PARAMETER', { name }, place === 'cookie' ? undefined : `${place}${scalar}`);
}

/** A number a double cannot hold exactly: `9007199254740993` would reach the handler as `…992`. */
export function inexact(place: Place, name: string): HttpError {
  return httpError('INEXACT_NUMBER', { name }, variantOf(place));
}

/** A repeated query key or a comma-separated header with more elements than waymark reads. */
export function tooMany(place: Exclude<Place, 'path' | 'cookie'>, name: string, max: number): HttpError {
  return httpError('TOO_MANY_VALUES', { name, max: String(max) }, place);
}

/** An empty body for a `required` `@Body()`. */
export function missingBody(): HttpError {
  return httpError('MISSING_BODY');
}

/** No uploaded file under `name` for a `required` `@File()`/`@Files()`. */
export function missingFile(name: string): HttpError {
  return httpError('MISSING_PARAMETER', { name });
}

/** Values a schema rejected: every failure in the `errors` member (RFC 9457 §3). */
export function rejected(issues: readonly Issue[]): HttpError {
  return new BadRequest(messageOf('VALIDATION_FAILED'), { code: 'VALIDATION_FAILED', extensions: { errors: issues } });
}
