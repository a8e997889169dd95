import { createSampleApp, sampleVersions } from '../../../examples/app';
import type { App, OpenApiDocument } from '../../../src';

/** The sample app's schemes: unversioned, then the five. */
export const SCHEMES = [undefined, 'url-path', 'namespace', 'accept-header', 'host-name', 'query-parameter'] as const;
export type SchemeName = (typeof SCHEMES)[number];

export interface SampleDocument {
  readonly scheme: SchemeName;
  readonly version: string | undefined;
  readonly app: App;
  readonly document: OpenApiDocument;
}

/** Every document of the sample app: each scheme, each version. */
export function sampleDocuments(port = '3000'): SampleDocument[] {
  return SCHEMES.flatMap((scheme) => {
    const app = createSampleApp(scheme, port);
    return (scheme === undefined ? [undefined] : sampleVersions).map((version) => ({ scheme, version, app, document: app.openapi(version === undefined ? {} : { version }) }));
  });
}
