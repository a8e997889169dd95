import type { Middleware } from 'koa';
import { ImproperlyConfigured } from '../errors';
import { MetadataKeys, readOwn, write } from '../metadata';
import { assertLegacyCall } from './legacy';

/**
 * Runs Koa middleware around the routes of a controller class, or around one
 * route method, after the route was matched and its version determined:
 * `ctx.route`, `ctx.version`, `ctx.versioningScheme` and `ctx.params` are
 * set. The handler's arguments are bound and the handler called as the
 * innermost step, so code after `await next()` sees the rendered response.
 * A middleware may answer by itself (not calling `next`) or throw an
 * `HttpError`. Several `@Use` on one target run top to bottom, as written;
 * the controller's run before the route's, and `include(..., { use })` before both.
 *
 * @example
 * const seen: string[] = [];
 *
 * @Controller('/admin', { namespace: 'admin' })
 * @Use(async (ctx, next) => {
 *   if (ctx.get('X-Role') !== 'admin') throw new Forbidden('Admins only.');
 *   seen.push(`${ctx.route?.name}`);
 *   await next();
 * })
 * class AdminController {
 *   @Get('/stats', 'stats') stats() { return { users: 2 }; }
 * }
 *
 * const app = createApp({ routes: [AdminController] });
 * const server = app.listen(0);
 * const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/admin/stats`;
 * assert.equal((await fetch(url)).status, 403);
 * assert.deepEqual(await (await fetch(url, { headers: { 'X-Role': 'admin' } })).json(), { users: 2 });
 * assert.deepEqual(seen, ['admin:stats']);
 * server.close();
 */
export function Use(...middleware: Middleware[]): ClassDecorator & MethodDecorator {
  for (const [index, fn] of middleware.entries()) {
    if (typeof fn !== 'function') {
      throw new ImproperlyConfigured(`@Use() takes Koa middleware functions; argument ${index + 1} is ${String(fn)}.`);
    }
  }
  const added = [...middleware];
  return ((...args: unknown[]) => {
    assertLegacyCall(args, '@Use()');
    const [target, property] = args as [object, string | symbol | undefined];
    // Decorators apply bottom-up; prepending keeps the order in which they are written.
    const own = readOwn<Middleware[]>(MetadataKeys.use, target, property) ?? [];
    write(MetadataKeys.use, [...added, ...own], target, property);
  }) as ClassDecorator & MethodDecorator;
}

/** The `@Use` middleware of a controller class, base classes' first. */
export function controllerMiddleware(controller: Function): Middleware[] {
  const chain: Middleware[] = [];
  for (let cls = controller; typeof cls === 'function' && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    chain.unshift(...(readOwn<Middleware[]>(MetadataKeys.use, cls) ?? []));
  }
  return chain;
}

/**
 * The `@Use` middleware of one route method, collected along the class chain
 * as routes are, base classes' first: a subclass that overrides a guarded
 * method (to change what it returns) keeps the base method's guards and may
 * add its own, but can never drop them (docs/security.md). A middleware that
 * a subclass repeats runs once, where the base class put it.
 */
export function routeMiddleware(prototype: object, handler: string | symbol): Middleware[] {
  const levels: Middleware[][] = [];
  for (let proto = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = readOwn<Middleware[]>(MetadataKeys.use, proto, handler);
    if (own !== undefined) levels.unshift(own);
  }
  const chain: Middleware[] = [];
  for (const level of levels) {
    const before = new Set(chain);
    chain.push(...level.filter((fn) => !before.has(fn)));
  }
  return chain;
}
