import { ImproperlyConfigured } from '../errors';
import type { Header, SchemeLifecycle, VersionState } from '../model/scheme';
import { checkDeprecated, type Deprecation, type LifecycleOptions, type VersionSet } from './policy';

const NONE: readonly Header[] = Object.freeze([]);

/** A version list in a header: no control characters, no comma (the list separator). */
const LISTABLE = /^[\x20-\x2b\x2d-\x7e\x80-\xff]*$/;

/**
 * A scheme's `deprecated` and `reportVersions` options, turned once (when the
 * scheme is made) into the header values each version's responses carry, so
 * a request only looks its version up (docs/lifecycle.md).
 */
export class VersionLifecycle implements SchemeLifecycle {
  /** Headers every versioned response carries whatever its version (`reportVersions`). */
  readonly reported: readonly Header[];
  /** False when neither option is set: responses are left alone. */
  readonly active: boolean;
  private readonly states = new Map<string, VersionState>();

  constructor(owner: string, versions: VersionSet, options: LifecycleOptions) {
    const deprecations = checkDeprecated(owner, versions, options.deprecated);
    const report = options.reportVersions ?? false;
    if (typeof report !== 'boolean') throw new ImproperlyConfigured(`${owner}: reportVersions must be true or false.`);
    this.reported = report ? Object.freeze(reportHeaders(owner, versions, deprecations)) : [];
    for (const [version, deprecation] of deprecations) this.states.set(version, stateFrom(deprecation, this.reported));
    this.active = this.reported.length > 0 || this.states.size > 0;
  }

  /** What `version` has beyond the reported lists (its deprecation), or `undefined`: one lookup per request. */
  stateOf(version: string | null): VersionState | undefined {
    return version === null ? undefined : this.states.get(version);
  }

  /** What a response of `version` carries (the reported lists, and its deprecation when it has one). */
  headersFor(version: string | null): readonly Header[] {
    return this.stateOf(version)?.headers ?? this.reported;
  }

  /** What `version` adds to the reported lists: its deprecation headers, if any. */
  ownHeaders(version: string | null): readonly Header[] {
    return this.stateOf(version)?.own ?? NONE;
  }

  /** The sunset (IMF-fixdate) of `version` when it is retired by now; else `null`. The clock is read only for such a version. */
  retiredOn(version: string | null, now: () => number): string | null {
    return retiredOn(this.stateOf(version), now);
  }
}

/** The sunset of a version's state when it is retired by now; else `null`. */
export function retiredOn(state: VersionState | undefined, now: () => number): string | null {
  return state !== undefined && state.retiresAt !== null && now() >= state.retiresAt ? state.sunset : null;
}

function stateFrom({ at, sunset, link, retireAfterSunset }: Deprecation, reported: readonly Header[]): VersionState {
  const own: Header[] = [['Deprecation', `@${Math.floor(at / 1000)}`]];
  const sunsetDate = sunset === null ? null : new Date(sunset).toUTCString();
  if (sunsetDate !== null) own.push(['Sunset', sunsetDate]);
  if (link !== null) {
    const links = [`<${link}>; rel="deprecation"; type="text/html"`];
    if (sunsetDate !== null) links.push(`<${link}>; rel="sunset"; type="text/html"`);
    own.push(['Link', links.join(', ')]);
  }
  return {
    own: Object.freeze(own),
    headers: Object.freeze([...reported, ...own]),
    retiresAt: retireAfterSunset ? sunset : null,
    sunset: sunsetDate,
  };
}

/**
 * `API-Supported-Versions` and `API-Deprecated-Versions` (ASP.NET API
 * Versioning's convention), in the order of `allowedVersions`; a default
 * version or deprecated key that is not listed comes after. An empty list is
 * not sent, as ASP.NET does.
 */
function reportHeaders(owner: string, versions: VersionSet, deprecations: ReadonlyMap<string, Deprecation>): Header[] {
  const known: string[] = [];
  const add = (version: string | null) => {
    if (version !== null && !known.includes(version)) known.push(version);
  };
  for (const version of versions.allowedVersions ?? []) add(version);
  add(versions.defaultVersion);
  for (const version of deprecations.keys()) add(version);
  const unlistable = known.find((version) => !LISTABLE.test(version));
  if (unlistable !== undefined) {
    throw new ImproperlyConfigured(`${owner}: reportVersions cannot list the version ${JSON.stringify(unlistable)} in a header (a comma or control character).`);
  }
  const headers: Header[] = [];
  const supported = known.filter((version) => !deprecations.has(version));
  const deprecated = known.filter((version) => deprecations.has(version));
  if (supported.length > 0) headers.push(['API-Supported-Versions', supported.join(', ')]);
  if (deprecated.length > 0) headers.push(['API-Deprecated-Versions', deprecated.join(', ')]);
  return headers;
}
