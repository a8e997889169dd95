import type { App } from '../app';
import { InvalidArgument } from '../errors';
import { allowsVersion, documentedVersions } from '../versioning/info';

/**
 * The versions whose documents are checked: `asked`, each one the app
 * allows, or every version the app documents (its default when it allows
 * any); `[null]`, the one document, without versioning.
 *
 * Read from `app.versioningInfo`, the description tools read
 * (docs/architecture.md#reading-routes-from-outside): everything else about
 * how a version travels (path, query parameter, Accept parameter, host) is
 * read from each version's own document.
 */
export function versionsToCheck(app: App, asked?: readonly string[]): (string | null)[] {
  const info = app.versioningInfo;
  if (info === null) {
    if (asked !== undefined && asked.length > 0) throw new InvalidArgument(`checkContract(): versions ${JSON.stringify(asked)} were asked of an app without versioning; leave \`versions\` out.`);
    return [null];
  }
  if (asked !== undefined) {
    const refused = asked.find((version) => !allowsVersion(info, version));
    if (refused !== undefined) throw new InvalidArgument(`checkContract(): the app does not allow version ${JSON.stringify(refused)}.`);
    return [...asked];
  }
  return documentedVersions(info);
}
