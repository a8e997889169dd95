import compose from 'koa-compose';
import Koa, { type Context, type Middleware } from 'koa';
import { ImproperlyConfigured, InvalidArgument } from './errors';
import './http/context';
import { dispatcher, errorBoundary } from './http/dispatch';
import { Matcher } from './http/matcher';
import { proxyTest, type ProxyTrust } from './http/host';
import { requestReverse } from './http/reverse';
import { requestSignal } from './http/signal';
import { Translator } from './i18n/translator';
import type { Negotiated } from './negotiation/accept';
import { parseMediaType, type MediaType } from './negotiation/media-type';
import { buildRouteTable, type RouteTable } from './table/builder';
import { checkKeys, type RouteSource } from './table/include';
import { reversePath, withQueryAndFragment, type ReverseOptions, type ReverseParams } from './table/reverse';
import type { VersioningScheme } from './versioning/scheme';

export interface AppOptions {
  /** Controller classes and `include(...)` groups, in order. */
  routes: readonly RouteSource[];
  /** One scheme instance for the whole app; absent means versioning is off. */
  versioning?: VersioningScheme;
  /** Base for absolute URLs built outside a request (`app.url(..., { absolute: true })`). */
  origin?: string;
  /** Media types the app renders (default `['application/json']`). */
  mediaTypes?: readonly string[];
  /** Extra or overriding message catalogues: `{ fr: { 'Not found.': 'Introuvable.' } }`. */
  translations?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Which peers may set `X-Forwarded-Host`/`X-Forwarded-Proto`: `true` trusts
   * every peer (Koa's `proxy`, unsafe unless only a proxy can reach the app),
   * an array trusts those peer addresses, a function decides per address.
   * Default: none.
   */
  proxy?: ProxyTrust;
  /** Request limits: `paramLength` is the longest raw path parameter (default 256; 414 above it). */
  limits?: { paramLength?: number };
}

const APP_OPTIONS = ['routes', 'versioning', 'origin', 'mediaTypes', 'translations', 'proxy', 'limits'];
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
    checkKeys('createApp() options', options, APP_OPTIONS);
    if (!Array.isArray(options.routes)) throw new ImproperlyConfigured('createApp() needs `routes`: an array of controller classes and include() groups.');
    const table = buildRouteTable(options.routes);
    checkKeys('createApp() option limits', options.limits ?? {}, ['paramLength']);
    const paramLength = options.limits?.paramLength ?? 256;
    if (!Number.isInteger(paramLength) || paramLength < 1) throw new ImproperlyConfigured(`limits.paramLength must be a positive integer, got ${JSON.stringify(paramLength)}.`);
    const proxy = options.proxy ?? false;
    if (typeof proxy !== 'boolean' && typeof proxy !== 'function' && !(Array.isArray(proxy) && proxy.every((a) => typeof a === 'string'))) {
      throw new ImproperlyConfigured('proxy must be true, false, an array of proxy addresses, or a function of the peer address.');
    }
    const matcher = new Matcher(table.routes, { paramLength });
    const instances = new Map(table.routes.map((route) => [route.controller, null as object | null]));
    for (const controller of instances.keys()) instances.set(controller, new (controller as new () => object)());
    const versioning = options.versioning ?? null;
    checkScheme(versioning, 'createApp() option versioning');
    for (const route of table.routes) if (route.versioning) checkScheme(route.versioning, `@Controller() versioning of ${route.controller.name}`);
    const mediaTypes = [...(options.mediaTypes ?? ['application/json'])];
    if (mediaTypes.length === 0 || mediaTypes.some((type) => typeof type !== 'string' || !type.includes('/'))) {
      throw new ImproperlyConfigured(`mediaTypes must be a non-empty array of media types such as 'application/json', got ${JSON.stringify(options.mediaTypes)}.`);
    }
    const dispatch = dispatcher({ matcher, instances: instances as Map<Function, object>, versioning });
    // Koa 3's `compose` option puts the error boundary first and routing last, whatever `app.use()` adds.
    const koaOptions: { proxy: boolean } = {
      proxy: proxy === true,
      compose: (middleware: Middleware[]) => compose([errorBoundary, ...middleware, dispatch]),
    } as { proxy: boolean };
    super(koaOptions);
    this.table = table;
    this.versioning = versioning;
    this.origin = options.origin === undefined ? null : checkOrigin(options.origin);
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

/** Misuse fails when the app is built, not on the first request. */
function checkScheme(scheme: unknown, where: string): void {
  if (scheme === null) return;
  const candidate = scheme as Partial<VersioningScheme> | undefined;
  const methods = ['determineVersion', 'isAllowedVersion', 'reverse', 'invalidVersion'] as const;
  if (typeof candidate !== 'object' || methods.some((method) => typeof candidate[method] !== 'function') || !Array.isArray(candidate.vary)) {
    throw new ImproperlyConfigured(`${where} must be a versioning scheme instance (a BaseVersioning subclass such as new URLPathVersioning()), got ${String(scheme)}.`);
  }
}

function checkOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new ImproperlyConfigured(`origin must be an absolute http(s) URL such as 'https://api.example.com', got ${JSON.stringify(origin)}.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new ImproperlyConfigured(`origin must be a scheme and host only, such as 'https://api.example.com', got ${JSON.stringify(origin)}.`);
  }
  return url.origin;
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
