import type { Context } from 'koa';
import { templateOf, versionRefused, type HttpError } from '../errors';
import { negotiatedOf } from '../http/negotiated';
import type { Negotiated } from '../negotiation/accept';
import { runtimeOf } from '../runtime';
import { BaseVersioning } from './base';
import type { VersioningDescription } from '../model/scheme';

/**
 * The version is a parameter of the media type the request accepted:
 * `Accept: application/json; version=1.0`. A refused version is a 406.
 * Links are not changed: the version travels in the header, not the URL.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('', 'users-list') list(@Version() version: string) {
 *     return { version };
 *   }
 * }
 * const app = createApp({ routes: [Users], versioning: new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const url = `http://127.0.0.1:${port}/users`;
 * assert.deepEqual(await (await fetch(url, { headers: { Accept: 'application/json; version=2.0' } })).json(), { version: '2.0' });
 * const v1 = await fetch(url, { headers: { Accept: 'application/json' } });
 * assert.deepEqual(await v1.json(), { version: '1.0' });
 * assert.equal(v1.headers.get('content-type'), 'application/json; version=1.0; charset=utf-8'); // the version that answered
 * assert.equal((await fetch(url, { headers: { Accept: 'application/json; version=3.0' } })).status, 406);
 * server.close();
 * ```
 */
export class AcceptHeaderVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'acceptHeader');

  /** For tools: the version travels as the `versionParam` parameter of `Accept`. */
  describe(): VersioningDescription {
    return this.describeAs('accept', this.versionParam);
  }
  readonly vary = ['Accept'];

  determineVersion(ctx: Context): string | null {
    const { params, refused } = acceptedMediaType(ctx).accepted;
    // `version*=us-ascii''1`: a charset other than UTF-8 or ISO-8859-1 is refused, never guessed
    // (docs/reference/versioning.md#accept-header).
    if (refused?.has(this.versionParam)) throw this.invalidVersion();
    const version = params.has(this.versionParam) ? (params.get(this.versionParam) as string) : this.defaultVersion;
    return this.accept(version);
  }

  invalidVersion(): HttpError {
    return versionRefused(this.invalidVersionMessage, 406);
  }

  /** The response says which version answered it, as the request asks: `Content-Type: application/json; version=2.0`. */
  mediaTypeParameter(version: string): string {
    return versionParameter(this.versionParam, version);
  }
}

/**
 * The media type parameter naming `version` (`; version=v2`): quoted when it is
 * not an HTTP token, and in RFC 8187's `version*=utf-8''...` form (which the
 * scheme reads back) when it is not printable ASCII, which a header cannot carry.
 */
export function versionParameter(versionParam: string, version: string): string {
  if (/^[!#$%&'*+.^_`|~\w-]+$/.test(version)) return `; ${versionParam}=${version}`;
  if (/^[\x20-\x7e]*$/.test(version)) return `; ${versionParam}="${version.replace(/["\\]/g, '\\$&')}"`;
  const encoded = encodeURIComponent(version.toWellFormed()).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `; ${versionParam}*=utf-8''${encoded}`;
}

/**
 * The range the request's route accepted (the dispatcher negotiated it over
 * the route's renderers); outside the dispatcher, negotiated against the
 * app's renderers (a 406 when nothing fits).
 */
function acceptedMediaType(ctx: Context): Negotiated {
  return negotiatedOf(ctx) ?? runtimeOf(ctx.app).offers.accept(ctx.req.headers.accept);
}
