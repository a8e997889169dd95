import type { AppRuntime } from '../runtime';

/** One version's changelog, as the catalogue's `service-meta` link serves it. */
export interface VersionChangelog {
  readonly version: string;
  /** What changed in this version since the one before it, in the history's words; empty without a history. */
  readonly changes: readonly { readonly description: string }[];
}

/**
 * The changelog of `version`: the descriptions of the changes the app's
 * version history lists for it (the changes that turned the version below it
 * into this one). The one place the catalogue asks, so that a fuller
 * changelog (instructions in typed form, compatibility) can answer here later.
 */
export function changelogOf(runtime: AppRuntime, version: string): VersionChangelog {
  const history = runtime.history?.declared;
  const index = history?.versions.indexOf(version) ?? -1;
  const changes = history === undefined || index < 0 ? [] : history.changes[index].map(({ description }) => ({ description }));
  return { version, changes };
}
