import type { VersioningScheme } from '../model/scheme';

/** The scheme's `deprecated` entry for `version` (docs/lifecycle.md), if it has one. */
function entryOf(scheme: VersioningScheme, version: string | null): { retireAfterSunset?: unknown } | undefined {
  if (version === null) return undefined;
  const deprecated = (scheme as { deprecated?: unknown }).deprecated;
  if (typeof deprecated !== 'object' || deprecated === null || !Object.hasOwn(deprecated, version)) return undefined;
  return (deprecated as Record<string, { retireAfterSunset?: unknown }>)[version];
}

/** Whether the scheme's `deprecated` option lists `version`: its operations are `deprecated: true`. */
export function isDeprecated(scheme: VersioningScheme, version: string | null): boolean {
  return entryOf(scheme, version) !== undefined;
}

/** Whether `version` is answered `410 Gone` once its sunset has passed (`retireAfterSunset`). */
export function isRetiring(scheme: VersioningScheme, version: string | null): boolean {
  return entryOf(scheme, version)?.retireAfterSunset === true;
}
