import { InvalidArgument } from '../errors';
import type { RouteRecord } from '../model/route';
import { versionParameter } from '../versioning/accept-header';
import type { VersionCarrier, VersioningScheme } from '../model/scheme';
import { paramsOf } from '../table/tokens';
import type { PathForm } from './paths';

/** Where one operation carries its version (docs/openapi.md). */
export interface Placement {
  /** Path parameters written into the template (the URL-path scheme's version). */
  readonly filled: ReadonlyMap<string, string>;
  /** Extra parameters (the query scheme's version). */
  readonly parameters: readonly Record<string, unknown>[];
  /** Appended to the media types of the success responses (`; version=v2`). */
  readonly mediaSuffix: string;
  /** The host-name scheme's servers. */
  readonly servers: readonly { url: string }[] | null;
}

export interface Where {
  readonly scheme: VersioningScheme | null;
  readonly version: string | null;
  readonly route: RouteRecord;
  readonly form: PathForm;
  readonly origin: string | null;
}

const NOWHERE: Placement = Object.freeze({ filled: new Map(), parameters: [], mediaSuffix: '', servers: null });

type Place = (where: Where & { scheme: VersioningScheme }) => Placement | null;

/**
 * How a client of `version` reaches the route through this form, or `null`
 * when it cannot (the scheme would determine another version there). Schemes
 * are told apart by the carrier their `describe()` names; a scheme without
 * one places nothing, so its document lists the routes that serve the
 * version as they are.
 */
export function placeVersion(where: Where): Placement | null {
  const { scheme } = where;
  if (scheme === null) return NOWHERE;
  const carrier = scheme.describe?.().carrier;
  return carrier === undefined ? NOWHERE : PLACES[carrier]({ ...where, scheme });
}

/**
 * A route whose path or namespace carries no version (outside every versioned
 * include) gets the default version; without `versions` of its own it is in
 * every version's document (docs/openapi.md), else only in the default's.
 */
function unversioned(scheme: VersioningScheme, version: string | null, route: RouteRecord): Placement | null {
  return route.versions === null || version === scheme.defaultVersion ? NOWHERE : null;
}

const urlPath: Place = ({ scheme, version, route, form }) => {
  const inPath = paramsOf(form).some((param) => param.name === scheme.versionParam);
  if (!inPath) return unversioned(scheme, version, route);
  const requirement = route.requirements.get(scheme.versionParam);
  if (version === null || version === '' || (requirement && !requirement.test(version))) return null;
  return { ...NOWHERE, filled: new Map([[scheme.versionParam, version]]) };
};

const namespace: Place = ({ scheme, version, route }) => {
  const usable = (segment: string) => ((scheme as { isUsable?: (v: string) => boolean }).isUsable ?? scheme.isAllowedVersion).call(scheme, segment);
  if (route.namespace === '') return unversioned(scheme, version, route);
  return route.namespace.split(':').find(usable) === version ? NOWHERE : null;
};

/** The query scheme's parameter, or a header scheme's header: required only to reach a version other than the default. */
const inRequest =
  (place: 'query' | 'header'): Place =>
  ({ scheme, version }) => {
    if (version === null) return scheme.defaultVersion === null ? NOWHERE : null;
    const name = place === 'header' ? (scheme.describe?.().parameter ?? scheme.versionParam) : scheme.versionParam;
    return { ...NOWHERE, parameters: [versionInput(scheme, version, name, place)] };
  };

function versionInput(scheme: VersioningScheme, version: string, name: string, place: 'query' | 'header'): Record<string, unknown> {
  return {
    name,
    in: place,
    // Left out, the request is answered by the default version: required only to reach another.
    required: version !== scheme.defaultVersion,
    description: version === scheme.defaultVersion ? `The API version; leave it out for this one (${version}).` : `The API version: send ${version} to be answered by this version.`,
    schema: { type: 'string', enum: [version] },
  };
}

const acceptHeader: Place = ({ scheme, version }) => {
  if (version === null) return scheme.defaultVersion === null ? NOWHERE : null;
  return { ...NOWHERE, mediaSuffix: acceptSuffix(scheme.versionParam, version) };
};

/** The media type parameter that asks for `version` (`; version=v2`), as the response's Content-Type carries it. */
export const acceptSuffix = versionParameter;

const hostName: Place = ({ version, origin }) => ({ ...NOWHERE, servers: hostServers(origin, version) });

/** The host-name scheme's servers for `version`: `origin` with the version as its first label. */
export function hostServers(origin: string | null, version: string | null): { url: string }[] {
  if (origin === null) {
    throw new InvalidArgument('app.openapi() with HostNameVersioning needs the `origin` option of createApp(): the servers of each version are built from it.');
  }
  return [{ url: version === null ? origin : versionedOrigin(origin, version) }];
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** `https://api.example.com` → `https://v1.example.com`; a host of another length gets the label in front. */
export function versionedOrigin(origin: string, version: string): string {
  // Anything but one DNS label ('evil.test#', 'a.b', 'x/y') would move the server off origin's domain.
  if (!DNS_LABEL.test(version)) {
    throw new InvalidArgument(
      `HostNameVersioning: the version ${JSON.stringify(version)} is not a DNS label (letters, digits and inner hyphens, at most 63), ` +
        'so no server on the domain of `origin` can be built for it. Use versions such as v1 or 2024-01.',
    );
  }
  const url = new URL(origin);
  const labels = url.hostname.split('.');
  url.hostname = [version, ...(labels.length === 3 ? labels.slice(1) : labels)].join('.');
  return url.origin;
}

const PLACES: Readonly<Record<VersionCarrier, Place>> = {
  path: urlPath,
  namespace,
  query: inRequest('query'),
  header: inRequest('header'),
  accept: acceptHeader,
  host: hostName,
};
