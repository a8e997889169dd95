import { MetadataKeys, appendOwn, readOwn } from '../metadata';
import { assertLegacyCall } from './legacy';
import type { RouteOptions } from '../model/options';

export interface RouteMetadata {
  method: string;
  /** A path pattern, or a RegExp matched against the path after the prefixes (docs/regexp-paths.md). */
  path: string | RegExp;
  /** A name given alone stays a string: no object per route for the common `@Get(path, name)`. */
  options: string | RouteOptions;
  handler: string | symbol;
}

/** A route path as a decorator takes it: a pattern (`'/users/:id'`) or a RegExp (docs/regexp-paths.md). */
export type RoutePath = string | RegExp;

/** The decorator of a route for `method`, written as `label` in errors; its path and options are checked when the app is built. */
export function routeOf(method: string, path: RoutePath, nameOrOptions: string | RouteOptions, label: string): MethodDecorator {
  return ((...args: unknown[]) => {
    assertLegacyCall(args, `@${label}(${typeof path === 'string' ? `'${path}'` : String(path)})`);
    const [target, handler] = args as [object, string | symbol];
    const options = typeof nameOrOptions === 'string' ? nameOrOptions : { ...nameOrOptions };
    addRoute({ method, path, options, handler }, target);
  }) as MethodDecorator;
}

function routeDecorator(method: string) {
  const label = method[0] + method.slice(1).toLowerCase();
  return (path: RoutePath = '', nameOrOptions: string | RouteOptions = {}): MethodDecorator => routeOf(method, path, nameOrOptions, label);
}

/**
 * Stacked decorators run bottom-up, so each one of a method goes before the
 * ones of the same method already recorded (the run at the end of the list):
 * its routes register in source order, and a name two of them share reverses
 * to the top one.
 */
function addRoute(route: RouteMetadata, target: object): void {
  const own = readOwn<RouteMetadata[]>(MetadataKeys.routes, target);
  let at = own === undefined ? 0 : own.length;
  while (at > 0 && own![at - 1].handler === route.handler) at--;
  if (own === undefined || at === own.length) appendOwn(MetadataKeys.routes, route, target);
  else own.splice(at, 0, route);
}

/**
 * `@Get(path, nameOrOptions)` routes GET (and HEAD) requests to the method.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ } }) detail(@Param('id') id: number) {
 *     return { id };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/users/7`)).json(), { id: 7 });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users/7`, { method: 'HEAD' })).status, 200);
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users/abc`)).status, 404); // the requirement refuses it
 * assert.equal(app.url('users-detail', { id: 7 }), '/users/7');
 * server.close();
 * ```
 */
export const Get = routeDecorator('GET');
/**
 * `@Post(path, nameOrOptions)` routes POST requests to the method.
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/users')
 * class Users {
 *   @Post('', 'users-create') create(@Body() user: { name: string }, @Ctx() ctx: Context) {
 *     ctx.status = 201;
 *     return { created: user.name };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"ada"}' });
 * assert.deepEqual([response.status, await response.json()], [201, { created: 'ada' }]);
 * server.close();
 * ```
 */
export const Post = routeDecorator('POST');
/**
 * `@Put(path, nameOrOptions)` routes PUT requests to the method.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Put('/:id', 'users-replace') replace(@Param('id') id: string, @Body() user: object) {
 *     return { id, ...user };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/users/1`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"name":"ada"}' });
 * assert.deepEqual(await response.json(), { id: '1', name: 'ada' });
 * server.close();
 * ```
 */
export const Put = routeDecorator('PUT');
/**
 * `@Patch(path, nameOrOptions)` routes PATCH requests to the method.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Patch('/:id', 'users-update') update(@Param('id') id: string, @Body() changes: object) {
 *     return { id, changes };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/users/1`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"name":"ada"}' });
 * assert.deepEqual(await response.json(), { id: '1', changes: { name: 'ada' } });
 * server.close();
 * ```
 */
export const Patch = routeDecorator('PATCH');
/**
 * `@Delete(path, nameOrOptions)` routes DELETE requests to the method; a
 * handler that returns nothing answers 204.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Delete('/:id', 'users-delete') remove() {}
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users/1`, { method: 'DELETE' })).status, 204);
 * server.close();
 * ```
 */
export const Delete = routeDecorator('DELETE');
/**
 * `@Head(path, nameOrOptions)` routes HEAD requests to the method (without
 * it, `@Get` answers HEAD too).
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/files')
 * class Files {
 *   @Head('/:name') exists(@Ctx() ctx: Context) {
 *     ctx.set('X-Exists', 'yes');
 *     ctx.status = 200;
 *   }
 * }
 * const app = createApp({ routes: [Files] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/files/a.txt`, { method: 'HEAD' });
 * assert.deepEqual([response.status, response.headers.get('x-exists')], [200, 'yes']);
 * server.close();
 * ```
 */
export const Head = routeDecorator('HEAD');
/**
 * `@Options(path, nameOrOptions)` routes OPTIONS requests to the method
 * (without it, OPTIONS on a known path answers 204 with `Allow`).
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/users')
 * class Users {
 *   @Options('') describe(@Ctx() ctx: Context) {
 *     ctx.set('Allow', 'GET, OPTIONS');
 *     return { methods: ['GET', 'OPTIONS'] };
 *   }
 * }
 * const app = createApp({ routes: [Users] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/users`, { method: 'OPTIONS' });
 * assert.deepEqual([response.headers.get('allow'), await response.json()], ['GET, OPTIONS', { methods: ['GET', 'OPTIONS'] }]);
 * server.close();
 * ```
 */
export const Options = routeDecorator('OPTIONS');
/**
 * `@All(path, nameOrOptions)` routes every method to the method.
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('')
 * class Ping {
 *   @All('/ping', 'ping') ping(@Ctx() ctx: Context) {
 *     return { method: ctx.method };
 *   }
 * }
 * const app = createApp({ routes: [Ping] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/ping`, { method: 'POST' })).json(), { method: 'POST' });
 * assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/ping`, { method: 'DELETE' })).json(), { method: 'DELETE' });
 * server.close();
 * ```
 */
export const All = routeDecorator('ALL');

/**
 * The routes declared on a controller class, base classes first; a subclass
 * that redeclares a method replaces the base class's routes for it.
 */
export function routesOf(controller: Function): RouteMetadata[] {
  const chain: RouteMetadata[][] = [];
  for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    chain.unshift(readOwn<RouteMetadata[]>(MetadataKeys.routes, proto) ?? []);
  }
  if (chain.length === 1 && eachHandlerOnce(chain[0])) return chain[0].slice();
  const byHandler = new Map<string | symbol, RouteMetadata[]>();
  for (const level of chain) {
    // One pass per level: a filter per handler was quadratic (5,000 routes on one class took seconds).
    const own = new Map<string | symbol, RouteMetadata[]>();
    for (const route of level) {
      const list = own.get(route.handler);
      if (list) list.push(route);
      else own.set(route.handler, [route]);
    }
    for (const [handler, list] of own) byHandler.set(handler, list);
  }
  return [...byHandler.values()].flat();
}

/**
 * Whether no method has two routes (then grouping by method changes no
 * order): the common case, answered with one Set instead of a Map and a
 * list per method.
 */
function eachHandlerOnce(routes: readonly RouteMetadata[]): boolean {
  const seen = new Set<string | symbol>();
  for (const route of routes) {
    if (seen.has(route.handler)) return false;
    seen.add(route.handler);
  }
  return true;
}
