import type { Context } from 'koa';
import { templateOf } from '../errors';
import { versionRefused, type HttpError } from '../http/errors';
import { acceptedMediaType } from '../negotiation/offers';
import { BaseVersioning } from './base';

/**
 * The version is a parameter of the media type the request accepted:
 * `Accept: application/json; version=1.0`. A refused version is a 406.
 * Links are not changed: the version travels in the header, not the URL.
 */
export class AcceptHeaderVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'acceptHeader');
  readonly vary = ['Accept'];

  determineVersion(ctx: Context): string | null {
    const { params, refused } = acceptedMediaType(ctx).accepted;
    // `version*=us-ascii''1`: a charset other than UTF-8 or ISO-8859-1 is refused, never guessed (api.md §9).
    if (refused?.has(this.versionParam)) throw this.invalidVersion();
    const version = params.has(this.versionParam) ? (params.get(this.versionParam) as string) : this.defaultVersion;
    return this.accept(version);
  }

  invalidVersion(): HttpError {
    return versionRefused(this.invalidVersionMessage, 406);
  }
}
