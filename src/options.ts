import { ImproperlyConfigured } from './errors';
import type { ProxyTrust } from './http/proxy';
import { checkedLimits, DEFAULT_PARSE_LIMITS } from './bodies/parsers/limits';
import { JSONParser } from './bodies/parsers/json';
import type { ParseLimits, Parser, ParserEntry } from './model/parser';
import { checkParsers } from './table/parsers';
import type { Resolve } from './plan/controllers';
import { buildRouteTable } from './table/builder';
import { checkTrailingSlash } from './table/trailing-slash';
import { undocumented } from './openapi/undocumented';
import type { TrailingSlash } from './model/options';
import type { RouteTable } from './model/route';
import type { RouteSource } from './table/include';
import { checkKeys, keysOf } from './util/keys';
import type { VersioningScheme } from './model/scheme';
import { sharedNameParams } from './table/duplicate-names';
import { emitWaymarkWarning } from './errors/warnings';
import { checkShadowing, type Shadowing } from './table/shadow-warnings';
import { checkUrlPathParam, describeValue } from './versioning/build-checks';
import { versioningInfo } from './versioning/info';
import { runBuildChecks } from './table/build-check';
import type { OpenApiDocumentOptions } from './model/openapi';
import { checkDocumentOptions, checkGuardSchemes } from './openapi/document-options';
import { AppHistory, schemeWithHistory } from './history/app-history';
import { VersionHistory } from './history/history';
import type { Renderer, RendererEntry } from './model/renderer';
import { checkRenderers } from './table/renderers';
import { JSONRenderer } from './negotiation/renderers';
import { resolvePinning, type PinningOptions, type ResolvedPinning } from './pinning/options';
import type { DeprecatedRequestHook } from './lifecycle/telemetry';
import { URLPathVersioning } from './versioning/url-path';
import type { ErrorFormat, ErrorFormatOptions } from './model/error-format';
import { resolveErrorFormat } from './http/error-format';
import type { ParamHooks } from './model/param-hooks';

export interface AppOptions {
  /** Controller classes and `include(...)` groups, in order. */
  routes: readonly RouteSource[];
  /** One scheme instance for the whole app; absent means versioning is off. */
  versioning?: VersioningScheme;
  /** Base for absolute URLs built outside a request (`app.url(..., { absolute: true })`). */
  origin?: string;
  /**
   * Media types the app sends JSON as (default `['application/json']`): each
   * is the JSON renderer under that type, so each must be a JSON type
   * (`application/json`, `application/*+json`). Other formats are `renderers`.
   */
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
  /**
   * Request limits: `paramLength` is the longest raw path parameter (default 256; 414 above it);
   * `body` the largest JSON, form, text or raw body in bytes that `@Body()` reads (default 1 MiB = 1048576; 413 above it);
   * the others bound multipart and form bodies (413 above them; defaults in docs/renderers-and-parsers.md#limits).
   */
  limits?: { paramLength?: number } & Partial<ParseLimits>;
  /** The body parsers of every route that sets none (default `[JSONParser()]`); a 415 lists their media types (docs/renderers-and-parsers.md#parsers). */
  parsers?: readonly ParserEntry[];
  /**
   * Makes the instance of each controller class, once per class when the app
   * is built: `(C) => container.resolve(C)` (tsyringe), `(C) => Container.get(C)`
   * (typedi), `(C) => container.get(C)` (inversify). Default: `new C()`.
   */
  resolve?: (controller: Function) => object;
  /** The clock that decides whether a version's sunset has passed (`retireAfterSunset`), in ms since the epoch; default `Date.now`. */
  now?: () => number;
  /** The document-wide parts of `app.openapi()`: `info`, `servers`, `securitySchemes` (named by guards' `security`), `tags` (docs/openapi.md). */
  openapi?: OpenApiDocumentOptions;
  /**
   * Validates each value a handler returns against its route's response
   * schema before it is serialized (default `false`; recommended in tests): a
   * mismatch is a 500 problem document, and an `error` event whose error
   * (`InvalidResponse`) names the route, the status and the JSON Pointer
   * (docs/contracts.md). Off, it costs nothing per request.
   */
  validateResponses?: boolean;
  /**
   * The API's version history (docs/version-history.md): handlers are written
   * for its newest version, and each older one is derived from the changes
   * it declares. A scheme whose `allowedVersions` is `null` takes its versions.
   */
  history?: VersionHistory;
  /**
   * With `history` and no `versioning`: the one version every request is
   * served as (`'v1'` keeps an unversioned app's clients on v1's shapes while
   * its handlers are written for the head). Documents describe that version.
   */
  serve?: string;
  /**
   * The renderers of every route that names none, in order of preference
   * (default: JSON under each of `mediaTypes`): `[JSONRenderer, TextRenderer]`,
   * a CSV renderer... A controller, an include or a route may name its own
   * (docs/renderers-and-parsers.md). Give this or `mediaTypes`, not both.
   */
  renderers?: readonly RendererEntry[];
  /**
   * The query parameter that picks a route's renderer by its `format`
   * (`'format'`: `?format=csv`), as Django REST Framework's
   * `URL_FORMAT_OVERRIDE`; a format the route has not is a 404, and
   * `ctx.reverse` keeps the parameter. Default: off.
   */
  formatOverride?: string;
  /**
   * Pins each client to the version of its first request, as Stripe does
   * (docs/pinning.md): `identify` names the client of a request, `store`
   * keeps the pins (`new MemoryPinStore()`, `new RedisPinStore(redis)`), and
   * a request that names no version is served its client's. The `header`
   * (default `Waymark-Version`) names a version for one request, and names
   * the version that answered on every response.
   */
  pinning?: PinningOptions;
  /**
   * Called for every request to a deprecated version (docs/pinning.md#telemetry),
   * with its version, route name and pinned client id, to log who still
   * calls it; OpenTelemetry's counter `waymark.version.deprecated_requests`
   * counts the same when `@opentelemetry/api` is installed.
   */
  onDeprecatedRequest?: DeprecatedRequestHook;
  /**
   * The application's own error format (docs/errors.md#your-own-error-format):
   * `render(problem, ctx)` makes the body of every error waymark sends,
   * `mediaType` replaces `application/problem+json`, `schema` documents the
   * body in OpenAPI and the typed client, `status.validation` sends schema
   * failures as 422. Default: RFC 9457 problem documents, validation 400.
   */
  errors?: ErrorFormatOptions;
  /**
   * What a route that can never match is when the app is built (an earlier
   * route takes all its requests: `/articles/:slug` before `/articles/feed`):
   * `'warn'` (default) emits a `WaymarkWarning` `WMWRN002` naming both,
   * `'error'` throws `ImproperlyConfigured` (docs/namespaces-and-reversal.md#routes-that-can-never-match).
   */
  shadowing?: Shadowing;
  /** Parameter hooks of every route, before the includes' and controllers' (@koa/router's `router.param()`, docs/coming-from-koa-router.md#parameter-hooks). */
  params?: ParamHooks;
  /** Whether a trailing `/` matters (default `'optional'`); an include or a controller may set its own (docs/trailing-slash.md). */
  trailingSlash?: TrailingSlash;
}

/** `AppOptions` checked, with every default filled in. */
export interface ResolvedAppOptions {
  readonly table: RouteTable;
  readonly versioning: VersioningScheme | null;
  readonly mediaTypes: readonly string[];
  readonly origin: string | null;
  readonly proxy: ProxyTrust;
  readonly paramLength: number;
  /** The body limits, `limits.body` among them. */
  readonly limits: ParseLimits;
  readonly parsers: readonly Parser[];
  readonly resolve: Resolve | undefined;
  readonly now: () => number;
  readonly openapi: OpenApiDocumentOptions;
  readonly validateResponses: boolean;
  /** `null` without the `history` option. */
  readonly history: AppHistory | null;
  /** The renderers of routes that name none. */
  readonly renderers: readonly Renderer[];
  readonly formatOverride: string | null;
  /** `null` without the `pinning` option. */
  readonly pinning: ResolvedPinning | null;
  readonly onDeprecatedRequest: DeprecatedRequestHook | null;
  readonly errors: ErrorFormat;
}

// Written as an object the compiler holds to AppOptions: an option the type gains fails typecheck until it is listed here.
const APP_OPTIONS = keysOf<AppOptions>({
  routes: true, versioning: true, origin: true, mediaTypes: true, translations: true, proxy: true, limits: true, now: true, resolve: true, openapi: true,
  validateResponses: true, history: true, serve: true, renderers: true, formatOverride: true, parsers: true, pinning: true, onDeprecatedRequest: true, errors: true, shadowing: true, params: true,
  trailingSlash: true,
});

const misconfigured = (message: string): never => {
  throw new ImproperlyConfigured(message);
};

/** The options checked and completed with their defaults; misconfiguration throws here, at build time. */
export function resolveAppOptions(options: AppOptions): ResolvedAppOptions {
  checkKeys('createApp() options', options, APP_OPTIONS);
  if (!Array.isArray(options.routes)) throw new ImproperlyConfigured('createApp() needs `routes`: an array of controller classes and include() groups.');
  // Whether the app versions at all is known before its scheme is complete: a scheme, or a history that makes one.
  const table: RouteTable = buildRouteTable(options.routes, { params: options.params, trailingSlash: checkTrailingSlash(options.trailingSlash, 'createApp() options'), versioned: options.versioning !== undefined || options.history !== undefined });
  // A warning, not an error: the app works, but one of the routes cannot be reversed by name (docs/security.md).
  const warned = new Set<string>();
  for (const params of sharedNameParams(table)) emitWaymarkWarning('WMWRN001', params, warned);
  checkShadowing(table, options.shadowing, warned);
  for (const { code, params } of undocumented(table.routes, options.openapi?.version === '3.2' ? '3.2' : '3.1')) emitWaymarkWarning(code, params, warned);
  checkKeys('createApp() option limits', options.limits ?? {}, ['paramLength', ...Object.keys(DEFAULT_PARSE_LIMITS)]);
  const paramLength = options.limits?.paramLength ?? 256;
  if (!Number.isInteger(paramLength) || paramLength < 1) throw new ImproperlyConfigured(`limits.paramLength must be a positive integer, got ${JSON.stringify(paramLength)}.`);
  const limits = checkedLimits(options.limits ?? {});
  const parsers = options.parsers === undefined ? [JSONParser()] : checkParsers(options.parsers, 'createApp() option parsers');
  const resolve: Resolve | undefined = options.resolve;
  if (resolve !== undefined && typeof resolve !== 'function') throw new ImproperlyConfigured('resolve must be a function from a controller class to its instance, such as (C) => container.resolve(C).');
  const proxy = options.proxy ?? false;
  if (typeof proxy !== 'boolean' && typeof proxy !== 'function' && !(Array.isArray(proxy) && proxy.every((a) => typeof a === 'string'))) {
    throw new ImproperlyConfigured("proxy must be true, false, an array of proxy addresses, CIDR ranges or names ('loopback', 'linklocal', 'uniquelocal'), or a function of the peer address.");
  }
  let versioning = options.versioning ?? null;
  checkScheme(versioning, 'createApp() option versioning');
  if (options.history !== undefined && !(options.history instanceof VersionHistory)) throw new ImproperlyConfigured(`history must be a new VersionHistory([...]), got ${describeValue(options.history)}.`);
  const served = servedVersion(options, versioning);
  if (options.history !== undefined && served === null) versioning = schemeWithHistory(versioning, options.history);
  for (const route of table.routes) if (route.versioning) checkScheme(route.versioning, `@Controller() versioning of ${route.controller.name}`);
  checkUrlPathParam(table.routes, versioning);
  runBuildChecks(table.routes.map((route) => route.controller), { versioning: versioningInfo(versioning) });
  const renderers = appRenderers(options);
  const mediaTypes = renderers.map((renderer) => renderer.mediaType);
  const origin = options.origin === undefined ? null : checkOrigin(options.origin);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') throw new ImproperlyConfigured('now must be a function returning the time in milliseconds since the epoch, such as Date.now.');
  const openapi = checkDocumentOptions(options.openapi ?? {}, 'createApp() option openapi', misconfigured);
  checkGuardSchemes(table.routes, openapi.securitySchemes, misconfigured);
  const history = options.history === undefined ? null : new AppHistory(options.history, table, { served, payloads: Object.values(openapi.webhooks ?? {}) });
  const validateResponses = options.validateResponses ?? false;
  if (typeof validateResponses !== 'boolean') throw new ImproperlyConfigured(`validateResponses must be true or false, got ${describeValue(validateResponses)}.`);
  const formatOverride = options.formatOverride ?? null;
  if (formatOverride !== null && (typeof formatOverride !== 'string' || formatOverride === '')) {
    throw new ImproperlyConfigured(`formatOverride must be the name of a query parameter such as 'format', got ${describeValue(formatOverride)}.`);
  }
  const pinning = options.pinning === undefined ? null : resolvePinning(options.pinning, versioning, table.routes, versioning instanceof URLPathVersioning ? versioning.versionParam : null);
  const onDeprecatedRequest = options.onDeprecatedRequest ?? null;
  if (onDeprecatedRequest !== null && typeof onDeprecatedRequest !== 'function') throw new ImproperlyConfigured(`onDeprecatedRequest must be a function (ctx, { version, route, clientId }) => void, got ${describeValue(onDeprecatedRequest)}.`);
  const errors = resolveErrorFormat(options.errors);
  return { table, versioning, mediaTypes, origin, proxy, paramLength, now, limits, parsers, resolve, openapi, validateResponses, renderers, formatOverride, history, pinning, onDeprecatedRequest, errors };
}

/** `serve`: the version an app with a history and no scheme answers as (docs/version-history.md#without-a-versioning-scheme). */
function servedVersion(options: AppOptions, versioning: VersioningScheme | null): string | null {
  const { serve, history } = options;
  if (serve === undefined) return null;
  if (history === undefined) throw new ImproperlyConfigured(`serve: '${String(serve)}' names a version of a version history, but the app has none: add history: new VersionHistory([...]), or remove serve.`);
  if (versioning !== null) {
    throw new ImproperlyConfigured(`serve pins an app without a versioning scheme to one version; this app has one (${versioning.constructor.name}). Remove serve: the scheme's defaultVersion answers requests that name none.`);
  }
  if (typeof serve !== 'string' || !history.versions.includes(serve)) {
    throw new ImproperlyConfigured(`serve must be one of the history's versions (${history.versions.map((v) => `'${v}'`).join(', ')}), got ${describeValue(serve)}.`);
  }
  return serve;
}

/** A JSON media type: `application/json` or a `+json` suffix (RFC 6839). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;.*)?$/i;

/**
 * `renderers`, or JSON under each of `mediaTypes`. A non-JSON type in
 * `mediaTypes` (`text/csv`) would send JSON labelled as that type: refused,
 * naming the renderer to give instead.
 */
function appRenderers(options: AppOptions): readonly Renderer[] {
  if (options.renderers !== undefined) {
    if (options.mediaTypes !== undefined) throw new ImproperlyConfigured('createApp() takes renderers or mediaTypes, not both: JSON under another media type is { ...JSONRenderer, mediaType } in renderers.');
    return checkRenderers(options.renderers, 'createApp() option renderers');
  }
  const mediaTypes = options.mediaTypes ?? ['application/json'];
  if (!Array.isArray(mediaTypes) || mediaTypes.length === 0 || mediaTypes.some((type) => typeof type !== 'string' || !type.includes('/'))) {
    throw new ImproperlyConfigured(`mediaTypes must be a non-empty array of media types such as 'application/json', got ${JSON.stringify(options.mediaTypes)}.`);
  }
  const other = mediaTypes.find((type) => !JSON_TYPE.test(type));
  if (other !== undefined) {
    throw new ImproperlyConfigured(
      `mediaTypes lists '${other}', but mediaTypes are the types JSON is sent as. To answer ${other}, give a renderer: renderers: [JSONRenderer, { mediaType: '${other}', format: '...', render: (value) => ... }] (docs/renderers-and-parsers.md).`,
    );
  }
  return Object.freeze(mediaTypes.map((mediaType) => (mediaType === JSONRenderer.mediaType ? JSONRenderer : Object.freeze({ ...JSONRenderer, mediaType }))));
}

/** Misuse fails when the app is built, not on the first request. */
function checkScheme(scheme: unknown, where: string): void {
  if (scheme === null) return;
  const candidate = scheme as Partial<VersioningScheme> | undefined;
  const methods = ['determineVersion', 'isAllowedVersion', 'reverse', 'invalidVersion'] as const;
  if (typeof candidate !== 'object' || methods.some((method) => typeof candidate[method] !== 'function') || !Array.isArray(candidate.vary)) {
    const fix = typeof scheme === 'function' && scheme.name ? `new ${scheme.name}({ ... })` : 'new URLPathVersioning({ ... })';
    throw new ImproperlyConfigured(`${where} must be a versioning scheme instance such as ${fix}, got ${describeValue(scheme)}.`);
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

