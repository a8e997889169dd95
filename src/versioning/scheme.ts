import type { Context } from 'koa';
import type { HttpError } from '../http/errors';
import type { VersionLifecycle } from '../lifecycle/lifecycle';
import type { ReverseOptions } from '../table/reverse';
import type { ReverseArgs, RouteName } from '../typegen/names';

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
  /** Typed by `RouteNames` once `waymark types` has filled it in (docs/namespaces-and-reversal.md#typed-route-names). */
  reverse<N extends RouteName>(name: N, ...args: ReverseArgs<N, ReverseOptions & { request?: Context }>): string;
  /** Deprecation, sunset and version-list headers (docs/lifecycle.md); a scheme without it sends none. */
  readonly lifecycle?: VersionLifecycle;
  /** The error for a refused version (also used when no route at the path serves the version). */
  invalidVersion(): HttpError;
}
