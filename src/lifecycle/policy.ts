import { ImproperlyConfigured } from '../errors';
import { checkKeys, keysOf } from '../util/keys';
import { parseRfc3339 } from '../validation/date';

/** The life of one deprecated version (docs/lifecycle.md). */
export interface DeprecationEntry {
  /** When the version is (or was) deprecated: an RFC 3339 string or a `Date`; sent as `Deprecation` (RFC 9745). */
  at: string | Date;
  /** When the version goes away: sent as `Sunset` (RFC 8594). */
  sunset?: string | Date;
  /** A page about the deprecation, sent in `Link` with `rel="deprecation"` (and `rel="sunset"` with a sunset). */
  link?: string;
  /** Answer `410 Gone` once `sunset` has passed, instead of serving the version. */
  retireAfterSunset?: boolean;
}

/** Deprecated versions by version: `{ v1: { at: '2026-06-01T00:00:00Z' } }`. */
export type DeprecatedVersions = Readonly<Record<string, DeprecationEntry>>;

export interface LifecycleOptions {
  /**
   * Deprecated versions, each a key that is an allowed version: its responses
   * carry `Deprecation`, and `Sunset` and `Link` when set (docs/lifecycle.md).
   */
  deprecated?: DeprecatedVersions;
  /** Send `API-Supported-Versions` and `API-Deprecated-Versions` on every versioned response. */
  reportVersions?: boolean;
}

/** What the policy needs to know of its scheme. */
export interface VersionSet {
  readonly defaultVersion: string | null;
  readonly allowedVersions: readonly (string | null)[] | null;
  isAllowedVersion(version: string | null): boolean;
}

/** A deprecation entry checked and turned into numbers. */
export interface Deprecation {
  readonly at: number;
  readonly sunset: number | null;
  readonly link: string | null;
  readonly retireAfterSunset: boolean;
}

const ENTRY_KEYS = keysOf<DeprecationEntry>({ at: true, sunset: true, link: true, retireAfterSunset: true });
/** Visible ASCII without the characters that would end or break a `<...>` link target. */
const LINK = /^[\x21-\x7e]+$/;

/**
 * The `deprecated` option checked against the scheme's versions: every
 * mistake is an `ImproperlyConfigured` that names the scheme, the version and
 * the field, so it fails when the scheme is made, not on the first request.
 */
export function checkDeprecated(owner: string, versions: VersionSet, deprecated: unknown): Map<string, Deprecation> {
  const checked = new Map<string, Deprecation>();
  if (deprecated === undefined) return checked;
  if (typeof deprecated !== 'object' || deprecated === null || Array.isArray(deprecated)) {
    throw new ImproperlyConfigured(`${owner}: deprecated must be an object keyed by version, such as { v1: { at: '2026-06-01T00:00:00Z' } }.`);
  }
  for (const [version, entry] of Object.entries(deprecated)) {
    const where = `${owner}: deprecated[${JSON.stringify(version)}]`;
    if (!versions.isAllowedVersion(version)) {
      throw new ImproperlyConfigured(
        `${where}: ${JSON.stringify(version)} is not an allowed version (allowedVersions: ${JSON.stringify(versions.allowedVersions)}, ` +
          `defaultVersion: ${JSON.stringify(versions.defaultVersion)}). Deprecate a version the scheme serves, or add it to allowedVersions.`,
      );
    }
    checkKeys(where, entry as object, ENTRY_KEYS);
    checked.set(version, checkEntry(where, entry as DeprecationEntry));
  }
  return checked;
}

function checkEntry(where: string, entry: DeprecationEntry): Deprecation {
  if (entry.at === undefined) throw new ImproperlyConfigured(`${where}: \`at\` is required (when the version is deprecated, e.g. '2026-06-01T00:00:00Z').`);
  const at = moment(entry.at, `${where}.at`);
  const sunset = entry.sunset === undefined ? null : moment(entry.sunset, `${where}.sunset`);
  if (sunset !== null && sunset < at) {
    throw new ImproperlyConfigured(`${where}: sunset (${new Date(sunset).toISOString()}) is before at (${new Date(at).toISOString()}); a version is deprecated before it goes away.`);
  }
  const retireAfterSunset = entry.retireAfterSunset ?? false;
  if (typeof retireAfterSunset !== 'boolean') throw new ImproperlyConfigured(`${where}.retireAfterSunset must be true or false.`);
  if (retireAfterSunset && sunset === null) throw new ImproperlyConfigured(`${where}: retireAfterSunset needs a sunset (the moment the version is retired).`);
  const link = entry.link ?? null;
  if (link !== null && (typeof link !== 'string' || !LINK.test(link) || /[<>"]/.test(link) || !isUriReference(link))) {
    throw new ImproperlyConfigured(`${where}.link must be a URL without spaces, quotes or angle brackets, got ${JSON.stringify(link)}.`);
  }
  return { at, sunset, link, retireAfterSunset };
}

/** Milliseconds since the epoch of an RFC 3339 string or a valid `Date` whose year has four digits (IMF-fixdate). */
function moment(value: unknown, where: string): number {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? (parseRfc3339(value)?.getTime() ?? null) : null;
  if (time === null || Number.isNaN(time)) {
    throw new ImproperlyConfigured(`${where} must be an RFC 3339 date-time such as '2026-06-01T00:00:00Z' or a valid Date, got ${describe(value)}.`);
  }
  const year = new Date(time).getUTCFullYear();
  if (year < 0 || year > 9999) throw new ImproperlyConfigured(`${where}: the year ${year} cannot be written in an HTTP date.`);
  return time;
}

function isUriReference(link: string): boolean {
  try {
    new URL(link, 'http://base.invalid/');
    return true;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  return value instanceof Date ? 'an invalid Date' : (JSON.stringify(value) ?? String(value));
}
