import type { App } from '../app';
import { InvalidArgument } from '../errors';
import { runtimeOf } from '../runtime';

/**
 * The versions whose documents are checked: `asked`, each one the app
 * allows, or every version the app's scheme lists (its default when it
 * allows any); `[null]`, the one document, without versioning.
 *
 * The only place `waymark/testing` reads the app's scheme: everything else
 * about how a version travels (path, query parameter, Accept parameter,
 * host) is read from each version's own document.
 */
export function versionsToCheck(app: App, asked?: readonly string[]): (string | null)[] {
  const scheme = runtimeOf(app).versioning;
  if (scheme === null) {
    if (asked !== undefined && asked.length > 0) throw new InvalidArgument(`checkContract(): versions ${JSON.stringify(asked)} were asked of an app without versioning; leave \`versions\` out.`);
    return [null];
  }
  if (asked !== undefined) {
    const refused = asked.find((version) => !scheme.isAllowedVersion(version));
    if (refused !== undefined) throw new InvalidArgument(`checkContract(): the app does not allow version ${JSON.stringify(refused)}.`);
    return [...asked];
  }
  const listed = (scheme.allowedVersions ?? []).filter((version): version is string => version !== null);
  return listed.length > 0 ? listed : [scheme.defaultVersion];
}
