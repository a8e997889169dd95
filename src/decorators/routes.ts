import { MetadataKeys, appendOwn, readOwn } from '../metadata';
import { assertLegacyCall } from './legacy';

export interface RouteOptions {
  /** Route name inside its namespace, e.g. `'users-detail'`. */
  name?: string;
  /** Per-parameter constraint, matched against the whole value when matching and when reversing. */
  requirements?: Record<string, RegExp | string>;
  /** Versions this route serves (api.md §5.4). */
  versions?: readonly (string | null)[];
}

export interface RouteMetadata {
  method: string;
  path: string;
  options: RouteOptions;
  handler: string | symbol;
}

function routeDecorator(method: string) {
  const decorator = method[0] + method.slice(1).toLowerCase();
  return (path = '', nameOrOptions: string | RouteOptions = {}): MethodDecorator =>
    ((...args: unknown[]) => {
      assertLegacyCall(args, `@${decorator}('${path}')`);
      const [target, handler] = args as [object, string | symbol];
      const options = typeof nameOrOptions === 'string' ? { name: nameOrOptions } : { ...nameOrOptions };
      appendOwn<RouteMetadata>(MetadataKeys.routes, { method, path, options, handler }, target);
    }) as MethodDecorator;
}

/** `@Get('/users/:id', 'users-detail')` routes GET (and HEAD) requests to the method. */
export const Get = routeDecorator('GET');
/** `@Post('/users', 'users-create')` */
export const Post = routeDecorator('POST');
/** `@Put('/users/:id', 'users-replace')` */
export const Put = routeDecorator('PUT');
/** `@Patch('/users/:id', 'users-update')` */
export const Patch = routeDecorator('PATCH');
/** `@Delete('/users/:id', 'users-delete')` */
export const Delete = routeDecorator('DELETE');
/** `@Head('/users/:id')` */
export const Head = routeDecorator('HEAD');
/** `@Options('/users')` */
export const Options = routeDecorator('OPTIONS');
/** `@All('/ping', 'ping')` answers every method. */
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
