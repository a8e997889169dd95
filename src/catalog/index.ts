import { ImproperlyConfigured } from '../errors';
import { include, type Include } from '../table/include';
import { checkKeys, keysOf } from '../util/keys';
import { catalogController } from './controller';

/** The options of `versionsRoute()`. */
export interface VersionsRouteOptions {
  /** Where the catalogue is (default `'/.well-known/api-catalog'`, RFC 9727's well-known URI); its documents and changelogs are under it. */
  prefix?: string;
  /** Namespace of the routes `catalog`, `openapi` and `changelog` (default `'api-catalog'`). */
  namespace?: string;
}

const CATALOG_OPTIONS = keysOf<VersionsRouteOptions>({ prefix: true, namespace: true });

/**
 * Discovery of the app's versions (RFC 9727): `GET /.well-known/api-catalog`
 * answers a linkset (`application/linkset+json` with RFC 9727's profile)
 * listing each version the scheme allows with its status (`current`,
 * `deprecated` or `retired`, with its deprecation and sunset dates, from
 * the scheme's `deprecated` option), its OpenAPI document (`service-desc`,
 * served at `openapi/<version>` under the prefix) and its changelog
 * (`service-meta`, JSON at `changelog/<version>`). Links are paths, or
 * absolute on the app's `origin`; never built from the request's `Host`.
 * Put the result in `routes`; its routes answer alike under every scheme.
 * See docs/pinning.md#discovery.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('', 'users-list') list() {
 *     return [];
 *   }
 * }
 * const app = createApp({
 *   routes: [Users, versionsRoute()],
 *   versioning: new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecated: { v1: { at: '2026-01-01T00:00:00Z' } } }),
 * });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
 * const response = await fetch(`${base}/.well-known/api-catalog`);
 * assert.equal(response.headers.get('content-type'), 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
 * const { linkset } = (await response.json()) as { linkset: any[] };
 * assert.deepEqual(linkset[0].item.map((item: any) => [item.title, item.status[0]]), [['v1', 'deprecated'], ['v2', 'current']]);
 * assert.equal(linkset[1]['service-desc'][0].href, '/.well-known/api-catalog/openapi/v1');
 * assert.equal(linkset[1]['service-meta'][0].href, '/.well-known/api-catalog/changelog/v1');
 * server.close();
 * ```
 */
export function versionsRoute(options: VersionsRouteOptions = {}): Include {
  checkKeys('versionsRoute() options', options, CATALOG_OPTIONS);
  const prefix = options.prefix ?? '/.well-known/api-catalog';
  const namespace = options.namespace ?? 'api-catalog';
  if (typeof prefix !== 'string' || !prefix.startsWith('/')) throw new ImproperlyConfigured(`versionsRoute(): prefix must be a path starting with '/', got ${JSON.stringify(prefix)}.`);
  if (typeof namespace !== 'string' || namespace === '') throw new ImproperlyConfigured(`versionsRoute(): namespace must be a non-empty string, got ${JSON.stringify(namespace)}.`);
  return include(prefix, [catalogController()], { namespace });
}
