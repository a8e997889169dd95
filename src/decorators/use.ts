import type { Guard, GuardEntry } from '../model/guard';
import { MetadataKeys, readOwn, write } from '../metadata';
import { guardEntry } from './guard';
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
 * A described guard `{ middleware, responses?, security? }` (or middleware
 * carrying `responses`/`security`) also tells `app.openapi()` the problem
 * statuses it sends and its security requirement (docs/guards-and-injection.md).
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
export function Use(...middleware: Guard[]): ClassDecorator & MethodDecorator {
  const added = middleware.map((guard, index) => guardEntry(guard, `@Use() argument ${index + 1}`));
  return ((...args: unknown[]) => {
    assertLegacyCall(args, '@Use()');
    const [target, property] = args as [object, string | symbol | undefined];
    // Decorators apply bottom-up; prepending keeps the order in which they are written.
    const own = readOwn<GuardEntry[]>(MetadataKeys.use, target, property) ?? [];
    write(MetadataKeys.use, [...added, ...own], target, property);
  }) as ClassDecorator & MethodDecorator;
}

/** The `@Use` guards of a controller class, base classes' first. */
export function controllerMiddleware(controller: Function): GuardEntry[] {
  const chain: GuardEntry[] = [];
  for (let cls = controller; typeof cls === 'function' && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    chain.unshift(...(readOwn<GuardEntry[]>(MetadataKeys.use, cls) ?? []));
  }
  return chain;
}

const NO_ENTRIES: readonly GuardEntry[] = Object.freeze([]);

/**
 * The `@Use` middleware of one route method, collected along the class chain
 * as routes are, base classes' first: a subclass that overrides a guarded
 * method (to change what it returns) keeps the base method's guards and may
 * add its own, but can never drop them (docs/security.md). A middleware that
 * a subclass repeats runs once, where the base class put it.
 */
export function routeMiddleware(prototype: object, handler: string | symbol): readonly GuardEntry[] {
  let levels: GuardEntry[][] | undefined;
  for (let proto = prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = readOwn<GuardEntry[]>(MetadataKeys.use, proto, handler);
    if (own !== undefined) (levels ??= []).unshift(own);
  }
  // Most routes have no @Use of their own: no lists for them.
  if (levels === undefined) return NO_ENTRIES;
  const chain: GuardEntry[] = [];
  for (const level of levels) {
    const before = new Set(chain.map((entry) => entry.middleware));
    chain.push(...level.filter((entry) => !before.has(entry.middleware)));
  }
  return chain;
}
