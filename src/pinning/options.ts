import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { checkKeys, keysOf } from '../util/keys';
import type { VersionPinStore } from './store';

/** `AppOptions.pinning`: which client a request comes from, and where its pin is kept (docs/pinning.md). */
export interface PinningOptions {
  /** The client of a request (an API key, an account id), or `undefined` for an anonymous one, which is never pinned. */
  identify(ctx: Context): string | undefined;
  /** Where pins are kept: `new MemoryPinStore()` in one process, `new RedisPinStore(redis)` across several. */
  store: VersionPinStore;
  /** The request header that names a version for one request, and the response header that names the version that answered (default `'Waymark-Version'`). */
  header?: string;
  /** How long a store's answer is awaited, in ms (default 1000); past it the request is served unpinned. */
  timeout?: number;
}

export interface ResolvedPinning {
  readonly identify: (ctx: Context) => string | undefined;
  readonly store: VersionPinStore;
  readonly header: string;
  readonly timeout: number;
}

const PINNING_KEYS = keysOf<PinningOptions>({ identify: true, store: true, header: true, timeout: true });

/** An HTTP field name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The options checked against the app's scheme and routes; what cannot work
 * throws here, at build. `pathParam` is the scheme's `versionParam` when it
 * reads the version from the path (URLPathVersioning), else `null`.
 */
export function resolvePinning(options: PinningOptions, scheme: VersioningScheme | null, routes: readonly RouteRecord[], pathParam: string | null): ResolvedPinning {
  if (typeof options !== 'object' || options === null) throw new ImproperlyConfigured('pinning must be { identify: (ctx) => ctx.get("X-Api-Key") || undefined, store: new MemoryPinStore() }.');
  checkKeys('createApp() option pinning', options, PINNING_KEYS);
  if (typeof options.identify !== 'function') throw new ImproperlyConfigured('pinning.identify must be a function of the request returning its client id (an API key, an account id) or undefined.');
  const store = options.store as Partial<VersionPinStore> | undefined;
  if (typeof store?.get !== 'function' || typeof store.set !== 'function') {
    throw new ImproperlyConfigured('pinning.store must have get(clientId) and set(clientId, version): new MemoryPinStore(), new RedisPinStore(redis) or your own.');
  }
  const header = options.header ?? 'Waymark-Version';
  if (typeof header !== 'string' || !TOKEN.test(header)) throw new ImproperlyConfigured(`pinning.header must be an HTTP header name such as 'Waymark-Version', got ${JSON.stringify(header)}.`);
  const timeout = options.timeout ?? 1000;
  if (!Number.isSafeInteger(timeout) || timeout < 1) throw new ImproperlyConfigured(`pinning.timeout must be a positive number of milliseconds, got ${JSON.stringify(timeout)}.`);
  if (scheme === null) {
    throw new ImproperlyConfigured('pinning needs a versioning scheme to pin clients to a version: add versioning: new AcceptHeaderVersioning({ defaultVersion, allowedVersions }) (or another scheme).');
  }
  if (pathParam !== null) checkUnversionedPaths(pathParam, routes);
  return { identify: options.identify, store: store as VersionPinStore, header, timeout };
}

/**
 * A pin is used for a request that names no version. Under URLPathVersioning
 * every request names one when each route has the version in its path
 * outside an optional group: the pins would never be read.
 */
function checkUnversionedPaths(versionParam: string, routes: readonly RouteRecord[]): void {
  const served = routes.filter((route) => route.versioning === undefined);
  const always = (route: RouteRecord) => route.pattern.params.some((param) => param.name === versionParam && !param.optional);
  if (served.length > 0 && served.every(always)) {
    throw new ImproperlyConfigured(
      `pinning: with URLPathVersioning every request names its version in the path (':${versionParam}' in '${served[0].pattern.source}'), so no pin would ever be used. ` +
        `Make the segment optional (include('/api{/:${versionParam}}', [...])) or use a scheme a request may leave out (AcceptHeaderVersioning, QueryParameterVersioning).`,
    );
  }
}
