import type { VersionCarrier, VersioningScheme } from '../model/scheme';
import { acceptSuffix } from './placement';

/** How a client of the document asks for its version: the document's `x-waymark-versioning`, and a note for operations that must say it. */
export interface VersionRequest {
  readonly extension: Record<string, unknown>;
  /** Added to each operation's description when nothing else in the operation shows it (the Accept header). */
  readonly note: string | null;
}

/** The name `x-waymark-versioning.scheme` gives each carrier (a scheme without `describe()` is named by its class). */
const NAMES: Readonly<Record<VersionCarrier, string>> = {
  path: 'url-path',
  namespace: 'namespace',
  query: 'query-parameter',
  accept: 'accept-header',
  host: 'host-name',
  header: 'header',
};

/**
 * What a client must send to be answered by `version` (docs/openapi.md#versions-how-a-client-asks-for-one).
 * OpenAPI ignores an `Accept` header parameter, so under the Accept-header
 * scheme the media type to send is said in `x-waymark-versioning.accept` and
 * in each operation's description; the response's `Content-Type` carries the
 * same parameter.
 */
export function versionRequest(scheme: VersioningScheme, version: string | null, mediaTypes: readonly string[]): VersionRequest {
  const description = scheme.describe?.();
  const name = description === undefined ? scheme.constructor.name : NAMES[description.carrier];
  const extension: Record<string, unknown> = { scheme: name, version, defaultVersion: scheme.defaultVersion };
  if (name === 'query-parameter') extension.query = scheme.versionParam;
  if (description?.carrier === 'header') extension.header = description.parameter;
  if (name !== 'accept-header' || version === null) return { extension, note: null };
  const accept = mediaTypes[0] + acceptSuffix(scheme.versionParam, version);
  extension.accept = accept;
  const fallback = version === scheme.defaultVersion ? ' (this one)' : ` (${String(scheme.defaultVersion)})`;
  return { extension, note: `Version ${version}: send \`Accept: ${accept}\`; without the \`${scheme.versionParam}\` parameter the default version${fallback} answers.` };
}
