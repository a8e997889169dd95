import type { VersioningInfo, VersioningScheme } from '../model/scheme';

/**
 * `app.versioningInfo`: what tools may read of a scheme, frozen. A scheme with
 * `describe()` says everything; one without still has its versions, and its
 * `carrier` is `null` so that a tool needing it can say what to add.
 */
export function versioningInfo(scheme: VersioningScheme | null): VersioningInfo | null {
  if (scheme === null) return null;
  const name = scheme.constructor.name;
  if (typeof scheme.describe === 'function') return Object.freeze({ scheme: name, ...scheme.describe() });
  const listed = (scheme.allowedVersions ?? []).filter((version): version is string => version !== null);
  return Object.freeze({
    scheme: name,
    carrier: null,
    parameter: scheme.versionParam,
    defaultVersion: scheme.defaultVersion,
    allowedVersions: listed.length === 0 ? null : Object.freeze(listed),
    deprecations: Object.freeze([]),
  });
}

/** Whether `info` allows `version`, as `isAllowedVersion` of its scheme answers: any when none are listed, else the default and the listed. */
export function allowsVersion(info: VersioningInfo, version: string): boolean {
  return info.allowedVersions === null || version === info.defaultVersion || info.allowedVersions.includes(version);
}

/** The versions a tool documents: those allowed, or the default alone when any is allowed (none without a default). */
export function documentedVersions(info: VersioningInfo | null): string[] {
  if (info === null) return [];
  if (info.allowedVersions !== null) return [...info.allowedVersions];
  return info.defaultVersion === null ? [] : [info.defaultVersion];
}
