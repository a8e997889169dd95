import { include, type Include } from '../table/include';
import { docsController } from './controller';
import { resolveDocsOptions, type DocsRoutesOptions } from './options';
import { locateSwaggerUi } from './swagger-ui';

export type { DocsRoutesOptions };

/**
 * The interactive documentation of the app: a Swagger UI page whose version
 * switcher lists each version's OpenAPI document. Put the result in
 * `routes` (or inside an `include`). Three named routes, with versioning
 * off so that they answer alike under every scheme: `docs:page` (the page,
 * at `prefix`), `docs:openapi` (one version's document, at
 * `prefix/openapi/<version>`; the default version's at `prefix/openapi`)
 * and `docs:asset` (Swagger UI's files, from the swagger-ui-dist package
 * in node_modules: nothing is loaded from anywhere else). Every link of the
 * page is relative to the page, never built from the request's `Host`.
 * swagger-ui-dist is an optional peer dependency: without it, this throws
 * `ImproperlyConfigured` naming the `npm install` to run. See docs/docs-page.md.
 *
 * @example
 * ```ts
 * import { once } from 'node:events';
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'users-detail') detail(@Param('id') id: string) {
 *     return { id };
 *   }
 * }
 * const app = createApp({
 *   routes: [include('/:version', [Users]), docsRoutes({ title: 'Users API' })],
 *   versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
 * });
 * assert.equal(app.url('docs:openapi', { version: 'v2' }), '/docs/openapi/v2');
 * const server = app.listen(0);
 * await once(server, 'listening');
 * const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
 * const page = await (await fetch(`${base}/docs`, { headers: { Host: 'evil.test' } })).text();
 * assert.match(page, /<title>Users API<\/title>/);
 * assert.match(page, /"url":"\.\/docs\/openapi\/v2"/); // relative to the page
 * assert.doesNotMatch(page, /evil\.test/);
 * const v2 = (await (await fetch(`${base}/docs/openapi/v2`)).json()) as OpenApiDocument;
 * assert.equal(v2.paths['/v2/users/{id}'].get.operationId, 'usersDetail');
 * server.close();
 * ```
 */
export function docsRoutes(options: DocsRoutesOptions = {}): Include {
  const resolved = resolveDocsOptions(options);
  const ui = locateSwaggerUi();
  return include(resolved.prefix, [docsController(resolved, ui)], { namespace: resolved.namespace, use: resolved.use });
}
