import type { Context } from 'koa';
import type { VersioningScheme } from '../model/scheme';
import type { ReverseOptions, ReverseParams } from '../model/reverse';
import type { RequestReverseArgs, RequestRouteName } from '../model/names';
import { requestReverse } from './reverse';
import { requestSignal } from './signal';

/** The route that matched the request. */
export interface MatchedRoute {
  /** The full name (`'v1:users:detail'`), `null` for an unnamed route. */
  name: string | null;
  /** Its namespace part (`'v1:users'`), `''` when none. */
  namespace: string;
  /** The full path pattern (`'/v1/users/:id'`). */
  pattern: string;
  /** Decoded path parameters. */
  params: Record<string, string>;
}

declare module 'koa' {
  interface ExtendableContext {
    /**
     * An absolute URL for a named route, built from the request's protocol
     * and host; version-aware when the request has a versioning scheme.
     *
     * @example ctx.reverse('users-detail', { id: 42 }) // 'http://localhost:3000/users/42'
     */
    reverse<N extends RequestRouteName>(name: N, ...args: RequestReverseArgs<N>): string;
    /** The determined version; `null` when versioning is off. */
    version: string | null;
    versioningScheme: VersioningScheme | null;
    route: MatchedRoute | null;
    params: Record<string, string>;
    /**
     * Set by a middleware before routing, the path routed on instead of `ctx.path` (a mount that
     * strips a prefix); once a route matched, its pattern, as @koa/router sets it
     * (docs/coming-from-koa-router.md#the-context).
     */
    routerPath?: string;
    /** @koa/router 15's name for the path routed on, set before routing: the same as setting `routerPath`. */
    newRouterPath?: string;
    /** The matched route's pattern, where @koa/router leaves it (what tracing and metrics middleware read). */
    readonly _matchedRoute?: string;
    /** The matched route's full name, where @koa/router leaves it; `undefined` for an unnamed route. */
    readonly _matchedRouteName?: string;
    /** The matched route's full name, as @koa/router sets it; `undefined` for an unnamed route. */
    readonly routerName?: string;
    /** Whether a route matched the request, as @koa/router sets it (`false` until one has). */
    readonly routeMatched?: boolean;
    /**
     * A RegExp route's groups as matched (percent-encoded as sent), in order,
     * named ones included, `undefined` for a group that took no part: what
     * @koa/router sets (docs/regexp-paths.md). Empty for other routes.
     */
    captures: readonly (string | undefined)[];
    /** Aborted when the client disconnects before the response is written. */
    readonly signal: AbortSignal;
  }
}

const NO_CAPTURES: readonly string[] = Object.freeze([]);

declare module 'koa' {
  interface Request {
    /** `ctx.params`, where @koa/router users read it. */
    params: Record<string, string>;
  }
}

/** waymark's members on one app's own context and request prototypes (Koa gives each app its own). */
export function installContext(context: object, request?: object): void {
  if (request !== undefined) {
    Object.defineProperty(request, 'params', {
      configurable: true,
      get(this: { ctx: Context }) {
        return this.ctx.params;
      },
      set(this: { ctx: Context }, params: Record<string, string>) {
        this.ctx.params = params;
      },
    });
  }
  Object.assign(context, { route: null, version: null, versioningScheme: null, captures: NO_CAPTURES });
  Object.defineProperty(context, 'signal', { get: requestSignal, configurable: true });
  installRouterFields(context);
  Object.defineProperty(context, 'reverse', {
    configurable: true,
    writable: true,
    value: function reverse(this: Context, name: string, params?: ReverseParams, options?: ReverseOptions) {
      return requestReverse(this, name, params, options);
    },
  });
}

/** Where a `routerPath` (or `newRouterPath`) set before routing is kept, off the names users read. */
const ROUTED_ON = Symbol('waymark.routerPath');

type RoutingContext = Context & { [ROUTED_ON]?: string };

/**
 * @koa/router's fields, read from `ctx.route` by getters on the app's prototype, so a request
 * pays nothing for them unless they are read; the dispatcher's one read is `ctx.routerPath`,
 * which is the path set before routing until a route matched and its pattern after.
 */
function installRouterFields(context: object): void {
  const routed = {
    configurable: true,
    get(this: RoutingContext) {
      return this[ROUTED_ON];
    },
    set(this: RoutingContext, path: string | undefined) {
      this[ROUTED_ON] = path;
    },
  };
  const fromRoute = <T>(read: (route: MatchedRoute) => T) => ({
    configurable: true,
    get(this: Context) {
      return this.route === null ? undefined : read(this.route);
    },
  });
  const name = fromRoute((route) => route.name ?? undefined);
  Object.defineProperties(context, {
    newRouterPath: routed,
    routerPath: {
      ...routed,
      get(this: RoutingContext) {
        return this.route === null ? this[ROUTED_ON] : this.route.pattern;
      },
    },
    _matchedRoute: fromRoute((route) => route.pattern),
    _matchedRouteName: name,
    routerName: name,
    routeMatched: {
      configurable: true,
      get(this: Context) {
        return this.route !== null;
      },
    },
  });
}
