import compose from 'koa-compose';
// The type by `import type =`, which the declaration file keeps: a consumer without
// esModuleInterop could not compile a default import of Koa's `export =`. The class by a
// namespace import, which an ES module can also make (an `import =` cannot): tsc's CommonJS
// puts Koa at `default`, as Node and Deno do for an ES module (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno),
// and without esModuleInterop the namespace is Koa itself.
import type Koa = require('koa');
import * as koaModule from 'koa';
import type { Context, Middleware } from 'koa';
import { InvalidArgument } from './errors';
import { resolveAppOptions, type AppOptions } from './options';
import { installContext } from './http/context';
import { dispatcher, errorBoundary, settling } from './http/dispatch';
import { lateErrors } from './http/late-errors';
import { Matcher } from './routing/matcher';
import { followProxyTrust, proxyTest } from './http/proxy';
import { installQuery } from './http/query';
import { routeTrace } from './http/tracing';
import { appUrl } from './http/reverse';
import { planRoutes } from './plan/routes';
import { Translator } from './i18n/translator';
import { offersOfRoutes, Offers } from './negotiation/offers';
import { buildOpenApi, type OpenApiDocument } from './openapi/document';
import type { OpenApiOptions } from './openapi/options';
import type { VersionHistory } from './history/history';
import type { RouteInfo } from './model/info';
import type { VersioningInfo } from './model/scheme';
import { versioningInfo } from './versioning/info';
import { attachRuntime, runtimeOf, type AppRuntime } from './runtime';
import { routeInfos } from './table/info';
import type { ReverseParams } from './model/reverse';
import type { ReverseArgs, RouteName } from './model/names';
import { Pinning } from './pinning/pinning';
import { VersionPins } from './pinning/pins';
import { deprecationWatch } from './lifecycle/telemetry';

export type { AppOptions };

/** Koa's class, whether the module loaded as CommonJS or as an ES module (see the imports). */
const KoaClass = ('default' in koaModule ? koaModule.default : koaModule) as typeof Koa;

/** The dispatcher answers every request itself: it never calls `next`. */
const noNext = (): Promise<void> => Promise.resolve();

/**
 * A Koa application whose routes come from decorated controllers. Every Koa
 * middleware and `app.callback()` work unchanged; middleware added with
 * `app.use()` runs after waymark's error boundary and before routing; an
 * error passing through it already carries the status that will be sent.
 * `createApp(options)` is the same as `new App(options)`.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'users-detail') detail(@Param('id') id: number) {
 *     return { id };
 *   }
 * }
 * const app = new App({ routes: [Users] });
 * app.use(async (ctx, next) => {
 *   await next();
 *   ctx.set('X-Served-By', 'waymark');
 * });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/users/42`);
 * assert.deepEqual([await response.json(), response.headers.get('x-served-by')], [{ id: 42 }, 'waymark']);
 * assert.equal(app.url('users-detail', { id: 42 }), '/users/42');
 * server.close();
 * ```
 */
export class App extends KoaClass {
  /** Reads and moves clients' version pins (`AppOptions.pinning`, docs/pinning.md). */
  readonly pinning: VersionPins;

  constructor(options: AppOptions) {
    const { table, versioning, mediaTypes, origin, proxy, paramLength, now, parsers, limits, resolve, openapi, validateResponses, renderers, formatOverride, history, pinning, onDeprecatedRequest, errors } = resolveAppOptions(options);
    const runtime: AppRuntime = {
      table,
      versioning,
      origin,
      mediaTypes,
      offers: new Offers(renderers),
      formatOverride,
      translator: new Translator(options.translations),
      trustsProxy: proxyTest(proxy),
      now,
      openapi,
      history,
      parsers,
      errors,
    };
    const matcher = new Matcher(table.routes, { paramLength });
    const plans = planRoutes(table.routes, { resolve, parsers, limits, validateResponses, history });
    const routeOffers = offersOfRoutes(table.routes, runtime.offers);
    const dispatch = dispatcher({ ...runtime, matcher, plans, routeOffers, trace: routeTrace(), pinning: pinning === null ? null : new Pinning(pinning, runtime.now), deprecated: deprecationWatch(onDeprecatedRequest) });
    const boundary = errorBoundary(runtime.translator, runtime.errors);
    const settle = (middleware: Middleware) => settling(middleware, runtime.errors.validationStatus);
    // Koa 3's `compose` option puts the error boundary first and routing last, whatever `app.use()` adds;
    // with nothing added, the boundary calls the dispatcher itself (no koa-compose layer per request).
    // Below added middleware, each layer gives an error its final status as it passes (docs/logging-and-tracing.md).
    const koaOptions: { proxy: boolean } = {
      proxy: proxy === true,
      compose: (middleware: Middleware[]) =>
        middleware.length === 0
          ? (ctx: Context) => boundary(ctx, () => dispatch(ctx, noNext))
          : compose([boundary, ...middleware.map(settle), settle(dispatch)]),
    } as { proxy: boolean };
    super(koaOptions);
    this.pinning = new VersionPins(pinning?.store ?? null, versioning);
    attachRuntime(this, runtime);
    installContext(this.context, this.request);
    this.context.onerror = lateErrors(runtime.translator, runtime.errors);
    followProxyTrust(this.request, runtime.trustsProxy);
    installQuery(this.request);
  }

  /**
   * The path of a named route, or an absolute URL on `origin` with
   * `absolute: true`. Throws `NoReverseMatch` when no route fits.
   *
   * @example
   * ```ts
   * @Controller('/users')
   * class Users {
   *   @Get('/:id', 'users-detail') detail() {}
   * }
   * const app = createApp({ routes: [Users, include('/v1', [Users], { namespace: 'v1' })], origin: 'https://api.example.com' });
   * assert.equal(app.url('users-detail', { id: 42 }), '/users/42');
   * assert.equal(app.url('v1:users-detail', [42], { query: { q: 'a b' } }), '/v1/users/42?q=a+b');
   * assert.equal(app.url('users-detail', { id: 42 }, { absolute: true }), 'https://api.example.com/users/42');
   * ```
   */
  url<N extends RouteName>(name: N, ...args: ReverseArgs<N>): string {
    return appUrl(runtimeOf(this), name, args[0] as ReverseParams | undefined, args[1]);
  }

  /**
   * The app's routes in registration order, as frozen plain data: each
   * route's names, methods, pattern, namespaces, versions, parameters,
   * requirements, handler and docs, and the earlier route that hides it, if
   * one does. Read it to list, document or generate clients for the routes.
   *
   * @example
   * ```ts
   * @Controller('/users', { namespace: 'users' })
   * class Users {
   *   @Get('/:id{/:tab}', { name: 'detail', requirements: { id: /\d+/ }, summary: 'One user' }) detail() {}
   *   @All('/ping') ping() {}
   * }
   * const app = createApp({ routes: [include('/v1', [Users], { namespace: 'v1' })] });
   * const [detail, ping] = app.routes;
   * assert.deepEqual([detail.name, detail.pattern, detail.methods], ['v1:users:detail', '/v1/users/:id{/:tab}', ['HEAD', 'GET']]);
   * assert.deepEqual(detail.parameters, [{ name: 'id', wildcard: false, optional: false }, { name: 'tab', wildcard: false, optional: true }]);
   * assert.deepEqual([detail.requirements, detail.docs.summary, detail.versions], [{ id: '\\d+' }, 'One user', null]);
   * assert.deepEqual([ping.name, ping.method, ping.handler], [null, 'ALL', 'Users.ping']);
   * assert.equal(Object.isFrozen(detail), true);
   * ```
   */
  get routes(): readonly RouteInfo[] {
    const { table, versioning } = runtimeOf(this);
    return routeInfos(table, versioning);
  }

  /**
   * The version history the app was built with (`createApp({ history })`),
   * or `null`: what tools such as `waymark changelog` read.
   *
   * @example
   * const history = new VersionHistory([{ version: '2' }]);
   * @Controller('/ping')
   * class Ping {
   *   @Get('', 'ping') ping() { return 'pong'; }
   * }
   * assert.equal(createApp({ routes: [Ping], versioning: new QueryParameterVersioning({ defaultVersion: '2' }), history }).history, history);
   * assert.equal(createApp({ routes: [Ping] }).history, null);
   */
  get history(): VersionHistory | null {
    return runtimeOf(this).history?.source ?? null;
  }

  /**
   * The app's versioning as frozen plain data, `null` when unversioned: how
   * requests carry the version (`carrier`, `parameter`: from the scheme's
   * `describe()`, `null` for a scheme without one), the default and allowed
   * versions, the deprecations. Tools read this and `app.routes`, never the
   * scheme's internals (docs/architecture.md#reading-routes-from-outside).
   *
   * @example
   * ```ts
   * @Controller('/:version/users')
   * class Users {
   *   @Get('', 'users-list') list() { return []; }
   * }
   * const versioning = new URLPathVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecated: { v1: { at: '2026-01-01T00:00:00Z' } } });
   * const app = createApp({ routes: [Users], versioning });
   * assert.deepEqual({ ...app.versioningInfo, deprecations: app.versioningInfo?.deprecations.map((d) => d.version) }, {
   *   scheme: 'URLPathVersioning', carrier: 'path', parameter: 'version', defaultVersion: 'v2', allowedVersions: ['v1', 'v2'], deprecations: ['v1'],
   * });
   * assert.equal(createApp({ routes: [Users] }).versioningInfo, null);
   * ```
   */
  get versioningInfo(): VersioningInfo | null {
    return versioningInfo(runtimeOf(this).versioning);
  }

  /**
   * The OpenAPI 3.1 document of one API version (default: the scheme's
   * `defaultVersion`): the routes that serve it, as its clients see them.
   * A version the scheme does not allow is an `InvalidArgument`.
   * `onWarning` hears what the document cannot say (a schema that cannot
   * describe itself, whose entry is `{}`), as `waymark openapi` prints it.
   *
   * @example
   * @Controller('/users')
   * class Users {
   *   @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ } }) detail(@Param('id') id: number) { return { id }; }
   * }
   * const app = createApp({ routes: [include('/:version', [Users])], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }) });
   * const doc = app.openapi({ version: 'v2' });
   * assert.equal(doc.info.version, 'v2');
   * assert.equal(doc.paths['/v2/users/{id}'].get.operationId, 'usersDetail'); // x-waymark-route: 'users-detail'
   */
  openapi(options?: OpenApiOptions, onWarning?: (warning: string) => void): OpenApiDocument {
    return buildOpenApi(runtimeOf(this), options, onWarning);
  }
}

/**
 * Builds a waymark app; misconfiguration throws `ImproperlyConfigured` here,
 * not on the first request.
 *
 * @example
 * ```ts
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'detail') detail(@Param('id') id: string) {
 *     return { id };
 *   }
 * }
 * const app = createApp({
 *   routes: [include('/v1', [Users], { namespace: 'v1' })],
 *   versioning: new NamespaceVersioning({ allowedVersions: ['v1'] }),
 *   origin: 'https://api.example.com',
 * });
 * assert.equal(app.url('v1:detail', { id: 42 }, { absolute: true }), 'https://api.example.com/v1/users/42');
 * assert.throws(() => createApp({ routes: [Users], mediaTypes: [] }), ImproperlyConfigured);
 * ```
 */
export function createApp(options: AppOptions): App {
  return new App(options);
}

/**
 * The waymark app serving a request, `ctx.app` narrowed by its class rather
 * than cast: for modules that hold a request and read the app's public face
 * (the docs page). A Koa app not made by `createApp()` is an
 * `InvalidArgument`.
 */
export function appOf(ctx: { readonly app: object }): App {
  if (ctx.app instanceof App) return ctx.app;
  throw new InvalidArgument('This Koa application was not made by createApp(): waymark has no routes for it.');
}
