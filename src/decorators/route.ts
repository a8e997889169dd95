import type { RouteOptions } from '../model/options';
import { routeOf, type RoutePath } from './routes';

/**
 * `@Route(method, path, nameOrOptions)` routes requests of any HTTP method
 * to the method: `PURGE`, `LOCK`, `REPORT`, `SEARCH`, `QUERY`, ... (an RFC 9110
 * token, upper-cased as @koa/router does). A list declares one route per
 * method, in its order. TRACE and CONNECT are refused when the app is built;
 * a request whose method no route of the app declares is a 501
 * (docs/methods.md). Node's own parser accepts only the methods in
 * `http.METHODS`: a route for another one serves only other servers.
 *
 * @example
 * ```ts
 * import http from 'node:http';
 * import type { Context } from 'koa';
 * @Controller('/cache')
 * class Cache {
 *   @Route('PURGE', '/:key', 'cache-purge') purge(@Param('key') key: string) {
 *     return { purged: key };
 *   }
 *   @Route(['LOCK', 'UNLOCK'], '/:key/lock') lock(@Ctx() ctx: Context) {
 *     return { method: ctx.method };
 *   }
 * }
 * const app = createApp({ routes: [Cache] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const send = (method: string, path: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
 *   const request = http.request({ host: '127.0.0.1', port, method, path }, (response) => {
 *     let body = '';
 *     response.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: response.statusCode as number, body }));
 *   });
 *   request.on('error', reject).end();
 * });
 * assert.deepEqual(await send('PURGE', '/cache/home'), { status: 200, body: '{"purged":"home"}' });
 * assert.equal((await send('UNLOCK', '/cache/home/lock')).body, '{"method":"UNLOCK"}');
 * assert.equal((await send('PURGE', '/cache/home/lock')).status, 405); // another path's method
 * assert.equal((await send('REPORT', '/cache/home')).status, 501); // no route declares REPORT
 * assert.equal(app.url('cache-purge', { key: 'home' }), '/cache/home');
 * server.close();
 * ```
 */
export function Route(method: string | readonly string[], path: RoutePath = '', nameOrOptions: string | RouteOptions = {}): MethodDecorator {
  const methods = typeof method === 'string' ? [method] : method;
  const decorators = Array.isArray(methods) ? methods.map((one) => routeOf(one, path, nameOrOptions, 'Route')) : [routeOf(method as string, path, nameOrOptions, 'Route')];
  return ((...args: unknown[]) => {
    // Last first: each one goes before the routes of the handler already recorded, so the list keeps its order (decorators/routes.ts).
    for (let i = decorators.length - 1; i >= 0; i--) (decorators[i] as (...a: unknown[]) => void)(...args);
  }) as MethodDecorator;
}
