import { docsRoutes, type Include } from '../src';

/**
 * The sample app's docs page: Swagger UI at /docs, one OpenAPI document per
 * version at `docs:openapi` (/docs/openapi/v2), from waymark's `docsRoutes`.
 * The versions are listed so that the document route's `version` requirement
 * names them (its OpenAPI description then says which values it takes);
 * without them the page reads the app's allowed versions itself.
 */
export function sampleDocs(versions: readonly string[]): Include {
  return docsRoutes({ title: 'waymark sample users API', versions });
}
