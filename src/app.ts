import compose from 'koa-compose';
import Koa, { type Context, type Middleware } from 'koa';
import { InvalidArgument } from './errors';
import { resolveOptions, type AppOptions } from './options';
import './http/context';
import { dispatcher, errorBoundary } from './http/dispatch';
import { Matcher } from './http/matcher';
import { proxyTest } from './http/host';
import { requestReverse } from './http/reverse';
import { requestSignal } from './http/signal';
import { Translator } from './i18n/translator';
import type { Negotiated } from './negotiation/accept';
import { parseMediaType, type MediaType } from './negotiation/media-type';
import type { RouteTable } from './table/builder';
import { checkKeys } from './table/include';
import { reversePath, withQueryAndFragment, type ReverseOptions, type ReverseParams } from './table/reverse';
import type { VersioningScheme } from './versioning/scheme';

export type { AppOptions };

const URL_OPTIONS = ['query', 'fragment', 'absolute', 'currentApp'];
const NO_OPTIONS: ReverseOptions = Object.freeze({});

/**
 * A Koa application whose routes come from decorated controllers. Every Koa
 * middleware and `app.callback()` work unchanged; middleware added with
 * `app.use()` runs after waymark's error boundary and before routing.
 */
export class App extends Koa {
  /** The named-route table: plain data, built once. */
  readonly table: RouteTable;
  readonly versioning: VersioningScheme | null;
  readonly origin: string | null;
  readonly mediaTypes: readonly string[];
  /** `mediaTypes`, parsed once for negotiation. */
  readonly offers: readonly MediaType[];
  /** Negotiation results by Accept value (bounded); see `http/negotiation.ts`. */
  readonly negotiated = new Map<string | undefined, Negotiated>();
  readonly translator: Translator;
  /** Whether a peer address may set forwarded headers (from the `proxy` option). */
  readonly trustsProxy: (address: string) => boolean;

  constructor(options: AppOptions) {
    const { table, versioning, mediaTypes, origin, proxy, paramLength } = resolveOptions(options);
    const matcher = new Matcher(table.routes, { paramLength });
    const instances = new Map<Function, object>();
    for (const route of table.routes) if (!instances.has(route.controller)) instances.set(route.controller, new (route.controller as new () => object)());
    const dispatch = dispatcher({ matcher, instances, versioning });
    // Koa 3's `compose` option puts the error boundary first and routing last, whatever `app.use()` adds.
    const koaOptions: { proxy: boolean } = {
      proxy: proxy === true,
      compose: (middleware: Middleware[]) => compose([errorBoundary, ...middleware, dispatch]),
    } as { proxy: boolean };
    super(koaOptions);
    this.table = table;
    this.versioning = versioning;
    this.origin = origin;
    this.mediaTypes = mediaTypes;
    this.offers = mediaTypes.map(parseMediaType);
    this.translator = new Translator(options.translations);
    this.trustsProxy = proxyTest(proxy);
    this.installContext();
  }

  /**
   * The path of a named route, or an absolute URL on `origin` with
   * `absolute: true`. Throws `NoReverseMatch` when no route fits.
   *
   * @example
   * app.url('users-detail', { id: 42 });                     // '/users/42'
   * app.url('v1:users-detail', [42], { query: { q: 'a b' } }); // '/v1/users/42?q=a+b'
   */
  url(name: string, params?: ReverseParams, options: ReverseOptions = NO_OPTIONS): string {
    if (options !== NO_OPTIONS) checkKeys('url() options', options, URL_OPTIONS);
    const path = withQueryAndFragment(reversePath(this.table, name, params, options.currentApp), options);
    if (!options.absolute) return path;
    if (this.origin === null) throw new InvalidArgument('url(..., { absolute: true }) needs the `origin` option of createApp().');
    return this.origin + path;
  }

  private installContext(): void {
    Object.assign(this.context, { route: null, version: null, versioningScheme: null });
    Object.defineProperty(this.context, 'signal', { get: requestSignal, configurable: true });
    this.context.reverse = function reverse(this: Context, name: string, params?: ReverseParams, options?: ReverseOptions) {
      return requestReverse(this, name, params, options);
    };
  }
}

/**
 * Builds a waymark app.
 *
 * @example
 * const app = createApp({ routes: [UsersController], origin: 'https://api.example.com' });
 * app.listen(3000);
 */
export function createApp(options: AppOptions): App {
  return new App(options);
}
