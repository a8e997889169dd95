import type { App } from '../app';
import { ImproperlyConfigured } from '../errors';
import { runtimeOf } from '../runtime';
import { AcceptHeaderVersioning } from '../versioning/accept-header';
import { HostNameVersioning } from '../versioning/host-name';
import { NamespaceVersioning } from '../versioning/namespace';
import { QueryParameterVersioning } from '../versioning/query-parameter';
import { URLPathVersioning } from '../versioning/url-path';
import type { ClientSource } from './emit';
import type { VersionCarrier } from './operations';

const CARRIERS: [abstract new (...args: never[]) => object, VersionCarrier][] = [
  [URLPathVersioning, 'path'],
  [NamespaceVersioning, 'namespace'],
  [AcceptHeaderVersioning, 'accept-header'],
  [HostNameVersioning, 'host-name'],
  [QueryParameterVersioning, 'query-parameter'],
];

/**
 * What `waymark client` generates from: the document of every allowed version
 * (or the one document of an unversioned app) and how the app's scheme
 * carries the version. A scheme that allows every version (`allowedVersions`
 * null) gives the client its default version only; a scheme of the app's own
 * making is one the client cannot speak, and is refused naming the fix.
 */
export function clientSourceOf(app: App, command: string): ClientSource {
  const scheme = runtimeOf(app).versioning;
  if (scheme === null) return { versions: [{ version: null, document: document(app, undefined) }], defaultVersion: null, carrier: 'none', versionParam: 'version', command };
  const carrier = CARRIERS.find(([kind]) => scheme instanceof kind)?.[1];
  if (carrier === undefined) {
    throw new ImproperlyConfigured(`waymark client speaks the five built-in versioning schemes; ${scheme.constructor.name} is not one of them. Subclass the scheme whose way of carrying the version yours keeps.`);
  }
  const listed = scheme.allowedVersions ?? [scheme.defaultVersion];
  const versions = listed.filter((version): version is string => version !== null);
  if (versions.length === 0) throw new ImproperlyConfigured(`waymark client needs the versions to speak: give ${scheme.constructor.name} allowedVersions or a defaultVersion.`);
  return {
    versions: versions.map((version) => ({ version, document: document(app, version) })),
    defaultVersion: scheme.defaultVersion,
    carrier,
    versionParam: scheme.versionParam,
    command,
  };
}

function document(app: App, version: string | undefined): Record<string, unknown> {
  return app.openapi(version === undefined ? {} : { version }) as unknown as Record<string, unknown>;
}
