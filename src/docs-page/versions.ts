import type { Context } from 'koa';
import { appOf } from '../app';
import { ImproperlyConfigured } from '../errors';
import type { VersioningInfo, VersioningScheme } from '../model/scheme';
import { allowsVersion, documentedVersions, versioningInfo } from '../versioning/info';

/** The versions a scheme documents: those it allows, or its default when it allows any. */
export function schemeVersions(scheme: VersioningScheme | null): string[] {
  return documentedVersions(versioningInfo(scheme));
}

/** The versions the page lists: those given (checked when the app was built), else the app's. */
export function listedVersions(ctx: Context, versions: readonly string[] | null): readonly string[] {
  return versions ?? documentedVersions(appOf(ctx).versioningInfo);
}

/**
 * `docsRoutes({ versions })` against the app the page is mounted in, when it is
 * built (docs/docs-page.md#options): each must be a version the app allows.
 */
export function checkListedVersions(info: VersioningInfo | null, versions: readonly string[] | null): void {
  const refused = versions?.find((version) => info === null || !allowsVersion(info, version));
  if (refused === undefined) return;
  const allowed = info === null ? 'it has no versioning: give versions: [] or leave versions out' : `it allows ${documentedVersions(info).map((version) => JSON.stringify(version)).join(', ')}`;
  throw new ImproperlyConfigured(`docsRoutes(): versions lists ${JSON.stringify(refused)}, which the app does not allow (${allowed}).`);
}
