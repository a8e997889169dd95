import type { App } from '../app';
import { ImproperlyConfigured } from '../errors';
import type { VersionCarrier as SchemeCarrier } from '../model/scheme';
import { documentedVersions } from '../versioning/info';
import type { ClientSource } from './emit';
import type { VersionCarrier } from './operations';

/** The scheme's carrier (`app.versioningInfo.carrier`) as the client sends it. */
const CARRIERS: Readonly<Record<SchemeCarrier, VersionCarrier>> = {
  path: 'path',
  namespace: 'namespace',
  accept: 'accept-header',
  host: 'host-name',
  query: 'query-parameter',
  header: 'header',
};

/**
 * What `waymark client` generates from: the document of every allowed version
 * (or the one document of an unversioned app) and how the app's scheme
 * carries the version, read from `app.versioningInfo`. A scheme that allows every
 * version (`allowedVersions` null) gives the client its default version
 * only; a scheme that does not say how it carries the version (no
 * `describe()`) is refused naming the fix.
 */
export function clientSourceOf(app: App, command: string): ClientSource {
  const info = app.versioningInfo;
  if (info === null) return { versions: [{ version: null, document: document(app, undefined) }], defaultVersion: null, carrier: 'none', versionParam: 'version', command };
  if (info.carrier === null) {
    throw new ImproperlyConfigured(
      `waymark client needs to know how ${info.scheme} carries the version: give it a describe() method ` +
        "(a subclass of BaseVersioning returns this.describeAs('header', 'X-API-Version'), say), or subclass the built-in scheme whose way it keeps (docs/client.md).",
    );
  }
  const versions = documentedVersions(info);
  if (versions.length === 0) throw new ImproperlyConfigured(`waymark client needs the versions to speak: give ${info.scheme} allowedVersions or a defaultVersion.`);
  return {
    versions: versions.map((version) => ({ version, document: document(app, version) })),
    defaultVersion: info.defaultVersion,
    carrier: CARRIERS[info.carrier],
    versionParam: info.parameter ?? 'version',
    command,
  };
}

/**
 * The version's document in OpenAPI 3.2, whatever the app writes its own in: only 3.2 lists
 * routes for other methods (`query`, `additionalOperations`), and the client is built from the
 * document alone (docs/client.md#what-it-is-built-from).
 */
function document(app: App, version: string | undefined): Record<string, unknown> {
  return app.openapi(version === undefined ? { openapi: '3.2' } : { version, openapi: '3.2' }) as unknown as Record<string, unknown>;
}
