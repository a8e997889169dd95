import type { Context } from 'koa';
import { ImproperlyConfigured, InvalidArgument, templateOf, versionRefused, type HttpError } from '../errors';
import { plainReverse } from '../http/reverse';
import { VersionLifecycle } from '../lifecycle/lifecycle';
import type { DeprecatedVersions, LifecycleOptions } from '../lifecycle/policy';
import { checkKeys, keysOf } from '../util/keys';
import { checkVersionList } from '../table/versions';
import type { ReverseOptions, ReverseParams } from '../model/reverse';
import type { RequestReverseArgs, RequestRouteName } from '../model/names';
import type { VersionCarrier, VersioningDescription, VersioningScheme } from '../model/scheme';

export interface VersioningOptions extends LifecycleOptions {
  /** Version used when the request carries none (default `null`). */
  defaultVersion?: string | null;
  /** Permitted versions; `null` or empty permits every version (default `null`). */
  allowedVersions?: readonly (string | null)[] | null;
  /** Name of the media-type parameter, path parameter or query parameter (default `'version'`). */
  versionParam?: string;
  /** A longer version from a request is refused before any lookup (default 64). */
  maxVersionLength?: number;
}

const OPTIONS = keysOf<VersioningOptions>({ defaultVersion: true, allowedVersions: true, versionParam: true, maxVersionLength: true, deprecated: true, reportVersions: true });

export type SchemeReverseOptions = ReverseOptions & { request?: Context };

/**
 * The shared part of every scheme (DRF's `BaseVersioning`). A custom scheme
 * subclasses it, overrides `determineVersion` (and `reverse` when links must
 * change) and throws `this.invalidVersion()` for a version it refuses
 * (`this.accept(version)` does both checks).
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * class HeaderVersioning extends BaseVersioning {
 *   readonly vary = ['X-API-Version'];
 *   determineVersion(ctx: Context) {
 *     return this.accept(ctx.get('X-API-Version') || this.defaultVersion);
 *   }
 * }
 * @Controller('/ping')
 * class Ping {
 *   @Get('', 'ping') ping(@Version() version: string) {
 *     return { version };
 *   }
 * }
 * const app = createApp({ routes: [Ping], versioning: new HeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const served = await fetch(`http://127.0.0.1:${port}/ping`, { headers: { 'X-API-Version': '2' } });
 * assert.deepEqual([await served.json(), served.headers.get('vary')], [{ version: '2' }, 'X-API-Version']);
 * assert.equal((await fetch(`http://127.0.0.1:${port}/ping`, { headers: { 'X-API-Version': '3' } })).status, 404);
 * server.close();
 * ```
 */
export abstract class BaseVersioning implements VersioningScheme {
  readonly defaultVersion: string | null;
  readonly allowedVersions: readonly (string | null)[] | null;
  readonly versionParam: string;
  readonly maxVersionLength: number;
  readonly invalidVersionMessage: string = templateOf('INVALID_VERSION');
  readonly vary: readonly string[] = [];
  /** Deprecated versions and when (docs/lifecycle.md); `{}` when none. */
  readonly deprecated: DeprecatedVersions;
  /** Whether versioned responses list the supported and deprecated versions. */
  readonly reportVersions: boolean;
  /** The headers and retirement of each version, computed once from `deprecated` and `reportVersions`. */
  readonly lifecycle: VersionLifecycle;

  constructor(options: VersioningOptions = {}, extraOptions: readonly string[] = []) {
    checkKeys(`${new.target.name} options`, options, [...OPTIONS, ...extraOptions]);
    const { defaultVersion = null, allowedVersions = null, versionParam = 'version', maxVersionLength = 64 } = options;
    if (!Number.isInteger(maxVersionLength) || maxVersionLength < 1) {
      throw new ImproperlyConfigured(`${new.target.name}: maxVersionLength must be a positive integer, got ${JSON.stringify(maxVersionLength)}.`);
    }
    if (defaultVersion !== null && typeof defaultVersion !== 'string') {
      throw new ImproperlyConfigured(`${new.target.name}: defaultVersion must be a string or null, got ${JSON.stringify(defaultVersion)}.`);
    }
    if (allowedVersions !== null) checkVersionList(allowedVersions, `${new.target.name}: allowedVersions`);
    if (typeof versionParam !== 'string' || versionParam === '') {
      throw new ImproperlyConfigured(`${new.target.name}: versionParam must be a non-empty string.`);
    }
    this.defaultVersion = defaultVersion;
    this.allowedVersions = allowedVersions === null ? null : Object.freeze([...allowedVersions]);
    this.versionParam = versionParam;
    this.maxVersionLength = maxVersionLength;
    this.lifecycle = new VersionLifecycle(new.target.name, this, options);
    this.deprecated = Object.freeze({ ...options.deprecated });
    this.reportVersions = options.reportVersions ?? false;
  }

  /**
   * What `describe()` returns for a scheme carrying the version in `carrier`
   * under `parameter`: its versions and deprecations as plain data. The
   * built-in schemes call it; so does a scheme of your own that implements
   * `describe()` (docs/versioning.md#a-scheme-of-your-own).
   */
  protected describeAs(carrier: VersionCarrier, parameter: string | null): VersioningDescription {
    const iso = (moment: string | Date) => new Date(moment).toISOString();
    const deprecations = Object.entries(this.deprecated).map(([version, entry]) =>
      Object.freeze({ version, at: iso(entry.at), sunset: entry.sunset === undefined ? null : iso(entry.sunset), link: entry.link ?? null, retireAfterSunset: entry.retireAfterSunset ?? false }),
    );
    const allowed = this.allowedVersions === null || this.allowedVersions.length === 0 ? null : this.allowedVersions.filter((version): version is string => version !== null);
    return Object.freeze({ carrier, parameter, defaultVersion: this.defaultVersion, allowedVersions: allowed && Object.freeze(allowed), deprecations: Object.freeze(deprecations) });
  }

  determineVersion(_ctx: Context, _params: Record<string, string>): string | null {
    throw new Error(`${this.constructor.name}.determineVersion() must be implemented.`);
  }

  /** Every version when none are listed; else the default (when not null) and the listed ones. */
  isAllowedVersion(version: string | null): boolean {
    if (!this.allowedVersions || this.allowedVersions.length === 0) return true;
    return (version !== null && version === this.defaultVersion) || this.allowedVersions.includes(version);
  }

  /** Short enough to look up, and allowed. */
  isUsable(version: string | null): boolean {
    return (version === null || version.length <= this.maxVersionLength) && this.isAllowedVersion(version);
  }

  /** `version` when it is usable; else the scheme's error. Every built-in scheme ends with this. */
  accept(version: string | null): string | null {
    if (!this.isUsable(version)) throw this.invalidVersion();
    return version;
  }

  /** The error for a refused version: 404 with the scheme's message (406 for the Accept header). */
  invalidVersion(): HttpError {
    return versionRefused(this.invalidVersionMessage);
  }

  /**
   * An absolute URL for a named route in `options.request`'s app, as the
   * request's version should see it. Typed by `RequestRouteNames` once
   * `waymark types` has filled it in (what the request supplies may be left
   * out); `reverseAny` does the work.
   */
  reverse<N extends RequestRouteName>(name: N, ...args: RequestReverseArgs<N, SchemeReverseOptions>): string {
    return this.reverseAny(name, args[0] as ReverseParams | undefined, args[1]);
  }

  /**
   * `reverse` for a name not known when compiling (schemes rewrite names and
   * parameters): plain reversal, absolute on the request's origin. A scheme
   * whose links differ overrides this.
   */
  protected reverseAny(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const { request, ...rest } = options;
    if (!request) throw new InvalidArgument(`${this.constructor.name}.reverse() needs options.request: the table it reverses against is the request's app's.`);
    return plainReverse(request, name, params, rest);
  }
}
