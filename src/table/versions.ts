import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';

/** A list of versions (`allowedVersions`, a route's or controller's `versions`): strings, or `null` for "no version". */
export function checkVersionList(versions: unknown, what: string): asserts versions is readonly (string | null)[] {
  if (Array.isArray(versions) && versions.every((version) => version === null || typeof version === 'string')) return;
  const hint = typeof versions === 'string' ? ` A plain string such as '${versions}' is not a list: write ['${versions}'].` : '';
  throw new ImproperlyConfigured(`${what} must be an array of strings (or null entries), got ${JSON.stringify(versions)}.${hint}`);
}

/**
 * Whether `route` serves requests of `version`: a route without `versions`
 * serves every version (docs/versioning.md). The dispatcher chooses among the
 * routes at a path by it, and the OpenAPI document lists routes by it.
 */
export function serves(route: RouteRecord, version: string | null): boolean {
  return route.versions === null || route.versions.includes(version);
}
