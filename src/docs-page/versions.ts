import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import { runtimeOf } from '../runtime';
import type { VersioningScheme } from '../model/scheme';

/** The versions a scheme documents: those it allows, or its default when it allows any. */
export function schemeVersions(scheme: VersioningScheme | null): string[] {
  if (!scheme) return [];
  const listed = (scheme.allowedVersions ?? []).filter((version): version is string => version !== null);
  return listed.length > 0 ? listed : scheme.defaultVersion === null ? [] : [scheme.defaultVersion];
}

/** The versions the page lists for this app; `versions` given must each be allowed, checked against the app serving the request. */
export function listedVersions(ctx: Context, versions: readonly string[] | null): readonly string[] {
  const scheme = runtimeOf(ctx.app).versioning;
  if (versions === null) return schemeVersions(scheme);
  const refused = versions.find((version) => !scheme?.isAllowedVersion(version));
  if (refused !== undefined) {
    const allowed = scheme ? schemeVersions(scheme).join(', ') || 'any' : 'none: the app has no versioning';
    throw new ImproperlyConfigured(`docsRoutes(): version ${JSON.stringify(refused)} in versions is not one the app allows (${allowed}).`);
  }
  return versions;
}
