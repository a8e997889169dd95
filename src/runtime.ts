import { InvalidArgument } from './errors';
import type { Translator } from './i18n/translator';
import type { Offers } from './negotiation/offers';
import type { OpenApiDocumentOptions } from './model/openapi';
import type { Parser } from './model/parser';
import type { RouteTable } from './model/route';
import type { VersioningScheme } from './model/scheme';
import type { AppHistory } from './history/app-history';
import type { ErrorFormat } from './model/error-format';

/**
 * What the request path needs from one app, built once by the app's
 * constructor. The dispatcher and the error boundary are handed it; helpers
 * that only get a request (schemes, `ctx.reverse`, `ctx.host`) find it with
 * `runtimeOf(ctx.app)`. None of it is part of `App`'s public type.
 */
export interface AppRuntime {
  /** The named-route table: plain data. */
  readonly table: RouteTable;
  readonly versioning: VersioningScheme | null;
  /** Base of absolute URLs built outside a request; `null` without the `origin` option. */
  readonly origin: string | null;
  readonly mediaTypes: readonly string[];
  /** The app's renderers (those of routes that name none), parsed, with their memo of negotiation results. */
  readonly offers: Offers;
  /** `AppOptions.formatOverride`: the query parameter `ctx.reverse` keeps; `null` when off. */
  readonly formatOverride: string | null;
  readonly translator: Translator;
  /** Whether a peer address may set forwarded headers (the `proxy` option). */
  readonly trustsProxy: (address: string) => boolean;
  /** The clock that retires versions after their sunset (`retireAfterSunset`): ms since the epoch. */
  readonly now: () => number;
  /** `AppOptions.openapi`, checked: the document-wide parts of `app.openapi()`. */
  readonly openapi: OpenApiDocumentOptions;
  /** The app's version history, derived for its routes; `null` without one (docs/version-history.md). */
  readonly history?: AppHistory | null;
  /** `AppOptions.parsers`: what `app.openapi()` lists as request body types of routes that set none. */
  readonly parsers: readonly Parser[];
  /** `AppOptions.errors`, checked: how every error response is written and documented (docs/errors.md). */
  readonly errors: ErrorFormat;
}

// Keyed by the app object: two apps never share a runtime, and a dropped app takes its runtime with it.
const runtimes = new WeakMap<object, AppRuntime>();

export function attachRuntime(app: object, runtime: AppRuntime): void {
  runtimes.set(app, runtime);
}

/** The runtime of an app made by `createApp()` (for a request: `runtimeOf(ctx.app)`). */
export function runtimeOf(app: object): AppRuntime {
  const runtime = runtimes.get(app);
  if (runtime === undefined) throw new InvalidArgument('This Koa application was not made by createApp(): waymark has no routes for it.');
  return runtime;
}
