import { ImproperlyConfigured } from '../errors';

/** A list of versions (`allowedVersions`, a route's or controller's `versions`): strings, or `null` for "no version". */
export function checkVersionList(versions: unknown, what: string): asserts versions is readonly (string | null)[] {
  if (Array.isArray(versions) && versions.every((version) => version === null || typeof version === 'string')) return;
  const hint = typeof versions === 'string' ? ` A plain string such as '${versions}' is not a list: write ['${versions}'].` : '';
  throw new ImproperlyConfigured(`${what} must be an array of strings (or null entries), got ${JSON.stringify(versions)}.${hint}`);
}
