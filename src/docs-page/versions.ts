import type { Context } from 'koa';
import { appOf } from '../app';
import { ImproperlyConfigured } from '../errors';
import type { VersioningScheme } from '../model/scheme';
import { allowsVersion, documentedVersions, versioningInfo } from '../versioning/info';

/** The versions a scheme documents: those it allows, or its default when it allows any. */
export function schemeVersions(scheme: VersioningScheme | null): string[] {
  return documentedVersions(versioningInfo(scheme));
}

/** The versions the page lists for this app; `versions` given must each be allowed, checked against the app serving the request. */
export function listedVersions(ctx: Context, versions: readonly string[] | null): readonly string[] {
  const info = appOf(ctx).versioningInfo;
  if (versions === null) return documentedVersions(info);
  const refused = versions.find((version) => info === null || !allowsVersion(info, version));
  if (refused !== undefined) {
    const allowed = info ? documentedVersions(info).join(', ') || 'any' : 'none: the app has no versioning';
    throw new ImproperlyConfigured(`docsRoutes(): version ${JSON.stringify(refused)} in versions is not one the app allows (${allowed}).`);
  }
  return versions;
}
