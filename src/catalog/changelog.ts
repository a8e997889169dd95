import type { App } from '../app';
import { changelog, type VersionNotes } from '../compat/changelog';

/** Per app, its changelog: documents are built once, on the first request for any version's (an app never changes once built). */
const known = new WeakMap<App, readonly VersionNotes[]>();

/**
 * The changelog of `version`, as the catalogue's `service-meta` link serves
 * it: the entry `waymark changelog --json` prints for that version (its
 * changes' descriptions and typed instructions, and what the compatibility
 * rules find against the version below); without a history, no changes.
 */
export function changelogOf(app: App, version: string): VersionNotes {
  let notes = known.get(app);
  if (notes === undefined) known.set(app, (notes = changelog(app)));
  return notes.find((entry) => entry.version === version) ?? { version, changes: [], compatibility: null };
}
