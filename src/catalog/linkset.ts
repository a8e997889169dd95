import { retiredOn } from '../lifecycle/lifecycle';
import type { AppRuntime } from '../runtime';
import { schemeVersions } from '../docs-page/versions';

/** RFC 9727's profile of the linkset media type (RFC 9264). */
export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';

/** The media type of an OpenAPI 3.1 document in JSON (IANA's registration by the OpenAPI Initiative). */
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/** One link of a linkset: `href` and target attributes (RFC 9264 §4.2); extension attributes are arrays of strings. */
export type LinkTarget = { href: string; type?: string; title?: string } & Record<string, string | string[]>;
export type LinkContext = { anchor: string } & Record<string, string | LinkTarget[]>;

/** Where the catalogue's links point, built by the route from the request's app. */
export interface CatalogueUrls {
  readonly self: string;
  openapi(version: string | null): string;
  changelog(version: string): string;
}

/** A version's lifecycle as the catalogue states it: `current`, `deprecated` or `retired`, with its dates in RFC 3339. */
export interface VersionStatus {
  readonly status: 'current' | 'deprecated' | 'retired';
  readonly deprecation?: string;
  readonly sunset?: string;
}

/** The version's status now, from the scheme's lifecycle (docs/lifecycle.md). */
export function statusOf(runtime: AppRuntime, version: string): VersionStatus {
  const state = runtime.versioning?.lifecycle?.stateOf(version);
  if (state === undefined) return { status: 'current' };
  const at = state.own.find(([name]) => name === 'Deprecation')?.[1];
  const dates = {
    ...(at === undefined ? {} : { deprecation: new Date(Number(at.slice(1)) * 1000).toISOString() }),
    ...(state.sunset === null ? {} : { sunset: new Date(state.sunset).toISOString() }),
  };
  return { status: retiredOn(state, runtime.now) === null ? 'deprecated' : 'retired', ...dates };
}

/**
 * The api-catalog document (RFC 9727): a context for the catalogue whose
 * `item` links name each version with its status, then a context per version
 * with its OpenAPI document (`service-desc`) and its changelog (`service-meta`).
 */
export function catalogue(runtime: AppRuntime, urls: CatalogueUrls): { linkset: LinkContext[] } {
  const versions = schemeVersions(runtime.versioning);
  // An app without versions is one API: its document alone.
  if (versions.length === 0) return { linkset: [{ anchor: urls.self, 'service-desc': [{ href: urls.openapi(null), type: OPENAPI_TYPE }] }] };
  const anchorOf = (version: string) => `${urls.self}#${encodeURIComponent(version)}`;
  const items = versions.map((version): LinkTarget => {
    const { status, deprecation, sunset } = statusOf(runtime, version);
    return { href: anchorOf(version), title: version, version: [version], status: [status], ...(deprecation ? { deprecation: [deprecation] } : {}), ...(sunset ? { sunset: [sunset] } : {}) };
  });
  return {
    linkset: [
      { anchor: urls.self, item: items },
      ...versions.map((version) => ({
        anchor: anchorOf(version),
        'service-desc': [{ href: urls.openapi(version), type: OPENAPI_TYPE }],
        'service-meta': [{ href: urls.changelog(version), type: 'application/json' }],
      })),
    ],
  };
}
