import { guardEntry } from '../decorators/guard';
import { ImproperlyConfigured } from '../errors';
import type { Guard, GuardEntry } from '../model/guard';
import type { Renderer, RendererEntry } from '../model/renderer';
import { checkRenderers } from './renderers';
import type { Parser, ParserEntry } from '../model/parser';
import { checkParsers } from './parsers';
import { checkKeys, keysOf } from '../util/keys';
import type { ParamHooks } from '../model/param-hooks';
import { checkParamHooks, type HookLevel } from './param-hooks';
import { HostRule, type HostOption } from './host';
import type { TrailingSlash } from '../model/options';
import { checkTrailingSlash } from './trailing-slash';

export interface IncludeOptions {
  /** Instance namespace of the group (Django's `include(..., namespace=)`). */
  namespace?: string;
  /** Application namespace of the group (Django's `app_name`). */
  appName?: string;
  /** Middleware or described guards run around every route of the group, after its version is determined (docs/guards-and-injection.md). */
  use?: readonly Guard[];
  /** The renderers of the group's routes, unless an inner include, a controller or a route names its own (docs/renderers-and-parsers.md). */
  renderers?: readonly RendererEntry[];
  /** The body parsers of the group's routes, over the app's; a controller or route inside may set its own (docs/renderers-and-parsers.md#parsers). */
  parsers?: readonly ParserEntry[];
  /** Parameter hooks of the group's routes, after the app's and outer includes', before a controller's (docs/coming-from-koa-router.md#parameter-hooks). */
  params?: ParamHooks;
  /** The hosts the group's routes serve: `'api.example.com'`, `':tenant.example.com'`, a RegExp, or a list (docs/coming-from-koa-router.md#hosts). */
  host?: HostOption;
  /** Whether a trailing `/` matters on the group's routes, over the app's; an inner include or a controller may set its own (docs/trailing-slash.md). */
  trailingSlash?: TrailingSlash;
}

const INCLUDE_OPTIONS = keysOf<IncludeOptions>({ namespace: true, appName: true, use: true, renderers: true, parsers: true, params: true, host: true, trailingSlash: true });

/** A group of routes mounted under a path prefix; made by `include()`. */
export interface Include {
  readonly prefix: string;
  readonly routes: readonly RouteSource[];
  readonly namespace?: string;
  readonly appName?: string;
  readonly use: readonly GuardEntry[];
  readonly renderers?: readonly Renderer[];
  readonly parsers?: readonly Parser[];
  /** The group's parameter hooks, checked. */
  readonly params?: HookLevel | null;
  /** The group's hosts, compiled; `null`: every host. */
  readonly host?: HostRule | null;
  readonly trailingSlash?: TrailingSlash;
}

/** A controller class or an `include()` group. */
export type RouteSource = Function | Include;

/**
 * Mounts controllers (or nested includes) under a path prefix and, optionally,
 * an instance namespace and an application namespace. With `appName` and no
 * `namespace`, the instance namespace is the app name (Django).
 *
 * @example
 * ```ts
 * @Controller('/polls')
 * class Polls {
 *   @Get('', 'index') index() {}
 * }
 * const app = createApp({
 *   routes: [
 *     include('/author', [Polls], { namespace: 'author-polls', appName: 'polls' }),
 *     include('/publisher', [Polls], { namespace: 'publisher-polls', appName: 'polls' }),
 *   ],
 * });
 * assert.equal(app.url('author-polls:index'), '/author/polls');
 * assert.equal(app.url('polls:index'), '/publisher/polls'); // no default instance: the last one mounted
 * assert.equal(app.url('polls:index', {}, { currentApp: 'author-polls' }), '/author/polls');
 * ```
 */
export function include(prefix: string, routes: readonly RouteSource[], options: IncludeOptions = {}): Include {
  checkKeys('include() options', options, INCLUDE_OPTIONS);
  if (!Array.isArray(routes)) {
    throw new ImproperlyConfigured(`include('${prefix}', routes): routes must be an array of controller classes or includes.`);
  }
  const use = options.use ?? [];
  if (!Array.isArray(use)) {
    throw new ImproperlyConfigured(`include('${prefix}', ..., { use }): use must be an array of Koa middleware functions or described guards.`);
  }
  const entries = use.map((guard, index) => guardEntry(guard, `include('${prefix}', ..., { use }) entry ${index + 1}`));
  const namespace = options.namespace ?? options.appName;
  const renderers = options.renderers === undefined ? {} : { renderers: checkRenderers(options.renderers, `include('${prefix}', ..., { renderers })`) };
  const parsers = options.parsers === undefined ? undefined : checkParsers(options.parsers, `include('${prefix}', ..., { parsers })`);
  const trailingSlash = checkTrailingSlash(options.trailingSlash, `include('${prefix}', ..., { trailingSlash })`);
  const params = checkParamHooks(options.params, `include('${prefix}', ..., { params })`);
  const host = options.host === undefined ? null : new HostRule(options.host, `include('${prefix}', ..., { host })`);
  return Object.freeze({ prefix, routes: [...routes], namespace, appName: options.appName, use: Object.freeze(entries), ...renderers, parsers, params, host, trailingSlash });
}

export function isInclude(source: RouteSource): source is Include {
  return typeof source === 'object' && source !== null && Array.isArray((source as Include).routes);
}
