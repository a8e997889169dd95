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
     * Set by a middleware before routing, the path routed on instead of `ctx.path`, as @koa/router
     * honours it (a mount that strips a prefix; docs/coming-from-koa-router.md#the-context).
     */
    routerPath?: string;
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
  Object.defineProperty(context, 'reverse', {
    configurable: true,
    writable: true,
    value: function reverse(this: Context, name: string, params?: ReverseParams, options?: ReverseOptions) {
      return requestReverse(this, name, params, options);
    },
  });
}
