import type { Context } from 'koa';
import type { HttpError } from '../errors';
import type { RequestReverseArgs, RequestRouteName } from './names';
import type { ReverseOptions } from './reverse';

/**
 * What the app and router know of a versioning scheme. `BaseVersioning` and
 * the five schemes implement it; the app imports only this interface.
 */
export interface VersioningScheme {
  readonly defaultVersion: string | null;
  readonly allowedVersions: readonly (string | null)[] | null;
  readonly versionParam: string;
  readonly invalidVersionMessage: string;
  /** Request headers the scheme reads, sent in `Vary` on every versioned response. */
  readonly vary: readonly string[];
  determineVersion(ctx: Context, params: Record<string, string>): string | null;
  isAllowedVersion(version: string | null): boolean;
  /** Typed by `RouteNames` and `RequestRouteNames` once `waymark types` has filled them in (docs/namespaces-and-reversal.md). */
  reverse<N extends RequestRouteName>(name: N, ...args: RequestReverseArgs<N, ReverseOptions & { request?: Context }>): string;
  /** Deprecation, sunset and version-list headers (docs/lifecycle.md); a scheme without it sends none. */
  readonly lifecycle?: SchemeLifecycle;
  /** The error for a refused version (also used when no route at the path serves the version). */
  invalidVersion(): HttpError;
  /**
   * A parameter a rendered response's `Content-Type` carries for the version
   * it was answered by (the Accept-header scheme's `; version=v2`); a scheme
   * without it adds none.
   */
  mediaTypeParameter?(version: string): string;
  /**
   * How the scheme carries the version, for tools that read an app from
   * outside (the client generator, `waymark openapi`, the docs page; see
   * docs/architecture.md#reading-routes-from-outside). The five built-in
   * schemes implement it; a scheme of your own may, and without it the
   * generated client refuses it naming this method.
   */
  describe?(): VersioningDescription;
}

/** Where a request carries its version: a path parameter, an instance namespace, a request header, an `Accept` parameter, the host's first label, a query parameter. */
export type VersionCarrier = 'path' | 'namespace' | 'header' | 'accept' | 'host' | 'query';

/** One deprecated version, as the scheme's `deprecated` option declares it (docs/lifecycle.md). */
export interface VersionDeprecationInfo {
  readonly version: string;
  /** When it is (or was) deprecated, ISO 8601. */
  readonly at: string;
  /** When it goes away, ISO 8601; `null` when not set. */
  readonly sunset: string | null;
  readonly link: string | null;
  /** Whether it is answered `410 Gone` after its sunset. */
  readonly retireAfterSunset: boolean;
}

/** What a scheme says of itself (`describe()`): plain data, for tools. */
export interface VersioningDescription {
  readonly carrier: VersionCarrier;
  /** The name the version travels under: the path, query or media-type parameter, the header; `null` for a namespace or a host label. */
  readonly parameter: string | null;
  readonly defaultVersion: string | null;
  /** The versions it allows; `null` allows any. */
  readonly allowedVersions: readonly string[] | null;
  readonly deprecations: readonly VersionDeprecationInfo[];
}

/**
 * `app.versioningInfo`: the app's scheme as tools see it, frozen. `carrier` is
 * `null` for a scheme without `describe()` (its versions are still known).
 */
export interface VersioningInfo extends Omit<VersioningDescription, 'carrier'> {
  /** The scheme's class name (`'URLPathVersioning'`). */
  readonly scheme: string;
  readonly carrier: VersionCarrier | null;
}

/** A response header: name and value. */
export type Header = readonly [name: string, value: string];

/** What one deprecated version's responses carry. */
export interface VersionState {
  /** Its deprecation headers, sent once the version is known (the reported lists are already there). */
  readonly own: readonly Header[];
  /** What a response of this version carries: the reported lists, then its deprecation. */
  readonly headers: readonly Header[];
  /** When it is answered 410 (`retireAfterSunset`), in ms since the epoch. */
  readonly retiresAt: number | null;
  /** Its sunset as an IMF-fixdate, for the 410's detail. */
  readonly sunset: string | null;
}

/** What the dispatcher reads of a scheme's lifecycle (`VersionLifecycle` in lifecycle/ implements it). */
export interface SchemeLifecycle {
  /** False when the scheme neither deprecates nor reports versions: responses are left alone. */
  readonly active: boolean;
  /** Headers every versioned response carries whatever its version (`reportVersions`). */
  readonly reported: readonly Header[];
  /** What `version` has beyond the reported lists (its deprecation), or `undefined`. */
  stateOf(version: string | null): VersionState | undefined;
}
