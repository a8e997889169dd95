import type { Context, Middleware, Next } from 'koa';
import { httpError, NotFound } from '../errors';
import { isDraining } from '../shutdown';
import { requestHost } from './host';
import { requestPath } from './path';
import { hostnameOf } from '../table/host';
import type { Translator } from '../i18n/translator';
import type { Negotiated } from '../negotiation/accept';
import type { Offer, Offers } from '../negotiation/offers';
import { keepNegotiated } from './negotiated';
import { lastQueryValue } from './query';
import { announce, announceVersion } from '../lifecycle/respond';
import type { RouteRecord } from '../model/route';
import { serves } from '../table/versions';
import type { Candidate, Matcher } from '../routing/matcher';
import type { RoutePlan } from './route-plan';
import { asError, sendFailed, sendProblem, toProblem, varyOn } from './problem';
import type { RouteTrace } from './tracing';
import type { Pinning } from '../pinning/pinning';
import type { DeprecationWatch } from '../lifecycle/telemetry';
import type { AppRuntime } from '../runtime';
import type { ErrorFormat } from '../model/error-format';
import { DEFAULT_ERROR_FORMAT } from './error-format';
import { applyOutcome, Outcome } from './outcome';
import { isStream, undeclaredStream } from './stream';
import { answerUnmatched } from './unmatched';

const ACCEPT = ['Accept'];

/**
 * The outermost middleware: whatever is thrown below it (including `null`,
 * which Koa would leave hanging) becomes a problem document, as does a
 * request no middleware answered (Koa's bare 404), and server
 * errors are reported on the app's `error` event, as Koa does. While the
 * server drains (closeGracefully), a request that arrives is a 503 and every
 * response says `Connection: close`. One function for the three, not three
 * middleware: each layer of koa-compose costs a promise per request.
 */
export function errorBoundary(translator: Translator, format: ErrorFormat = DEFAULT_ERROR_FORMAT): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      if (isDraining(ctx)) throw httpError('SHUTTING_DOWN');
      await next();
      // A middleware that neither answered nor called `next` (a guard's bare `return`) left Koa's
      // bare 404 "Not Found" text: the same 404, as a problem document like every other error.
      // One that caught an error and answered nothing leaves the status `settling` gave it: that error's document.
      if (ctx.body == null && ctx.respond !== false && !ctx.headerSent) {
        const settled = (ctx as Settled)[SETTLED];
        if (settled !== undefined && settled.status === ctx.status) throw settled.error;
        if (ctx.status === 404) throw new NotFound();
      }
    } catch (error) {
      const problem = toProblem(error, format.validationStatus);
      // A 501 names a method no route declares (docs/methods.md): the client's doing, nothing to report.
      if (problem.status >= 500 && problem.code !== 'NOT_IMPLEMENTED') ctx.app.emit('error', asError(error), ctx);
      if (ctx.headerSent || !ctx.writable) return;
      try {
        const sent = sendProblem(ctx, problem, translator, format);
        if (sent !== undefined) await sent;
      } catch (failure) {
        // The app's `errors.render` threw, rejected or returned nothing: its error is reported, and the
        // client gets the generic 500 in the default format rather than no answer (docs/errors.md).
        sendFailed(ctx, failure, translator);
      }
    } finally {
      if (!ctx.headerSent && isDraining(ctx)) ctx.set('Connection', 'close');
    }
  };
}

const SETTLED = Symbol('waymark:settled');
type Settled = Context & { [SETTLED]?: { error: unknown; status: number } };

/**
 * `middleware`, giving an error that leaves it the status its problem
 * document will have before passing it on. The error still travels up
 * through `app.use()` middleware as in Koa (so `@koa/cors` and error
 * reporters see it), and a logger's `finally { log(ctx.status) }` logs the
 * status that is sent, not Koa's provisional 404 (docs/logging-and-tracing.md).
 * `res.statusCode` is written rather than `ctx.status`, which would mark the
 * status explicit: a middleware that catches the error and sets a body
 * still gets Koa's 200.
 */
export function settling(middleware: Middleware, validationStatus = 400): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await middleware(ctx, next);
    } catch (error) {
      if (!ctx.headerSent) {
        const { status } = toProblem(error, validationStatus);
        ctx.res.statusCode = status;
        (ctx as Settled)[SETTLED] = { error, status };
      }
      throw error;
    }
  };
}

/**
 * What the dispatcher reads: the app's runtime fields it needs (the scheme,
 * the app's renderers, `formatOverride`, the clock), taken from `AppRuntime`
 * rather than declared again, and what only dispatching has.
 */
export interface Routing extends Pick<AppRuntime, 'versioning' | 'offers' | 'formatOverride' | 'now'> {
  matcher: Matcher;
  /** Per route, in the table's order: controller instance, binder and composed middleware. */
  plans: readonly RoutePlan[];
  /** Per route, in the table's order: its renderers, the app's `offers` when it names none. */
  routeOffers: readonly Offers[];
  /** Gives the request's trace span its route; `null` without OpenTelemetry. */
  trace: RouteTrace | null;
  /** `AppOptions.pinning` (docs/pinning.md); `null` when off. */
  pinning?: Pinning | null;
  /** Reports requests to deprecated versions (`onDeprecatedRequest`, OpenTelemetry); `null` when neither is there. */
  deprecated?: DeprecationWatch | null;
}

/**
 * The innermost middleware, in the order of docs/reference/versioning.md#order-of-checks:
 * match (404, 405), negotiate the media type (406), determine the version (the
 * scheme's 404 or 406), choose the route serving that version, run the route's
 * middleware (docs/guards-and-injection.md), and innermost bind the handler's
 * arguments, call it on the app's controller instance and render the result.
 */
export function dispatcher({ matcher, plans, versioning, offers: appOffers, routeOffers, formatOverride, now, trace, pinning = null, deprecated = null }: Routing): Middleware {
  /** The route's renderers, narrowed by `?format=` when the app allows it (404 for a format it has not). */
  const offersOf = (ctx: Context, index: number): Offers => {
    const offers = routeOffers[index];
    if (formatOverride === null) return offers;
    const format = lastQueryValue(ctx.querystring, formatOverride);
    // An empty `?format=` picks nothing, as in DRF.
    return format ? offers.withFormat(format) : offers;
  };
  return async (ctx) => {
    const hostname = matcher.hasHosts ? hostnameOf(requestHost(ctx)) : '';
    const result = matcher.match(ctx.method, ctx.routerPath || requestPath(ctx), hostname);
    if (result.kind !== 'found') return answerUnmatched(ctx, result, matcher, appOffers.offers.length > 1, hostname);
    const { candidates } = result;
    const [first] = candidates;
    // Several renderers, or routes of different versions that render differently: the answer depends on Accept.
    if (routeOffers[first.index].offers.length > 1 || (candidates.length > 1 && candidates.some((c) => routeOffers[c.index] !== routeOffers[first.index]))) {
      varyOn(ctx, ACCEPT);
    }
    setRoute(ctx, first);
    if (trace !== null) trace(ctx.method, first.route.pattern.source);
    const scheme = first.route.versioning === undefined ? versioning : first.route.versioning;
    const lifecycle = scheme?.lifecycle?.active ? scheme.lifecycle : null;
    if (scheme) varyOn(ctx, scheme.vary);
    if (scheme && pinning !== null) varyOn(ctx, pinning.vary);
    if (lifecycle) announce(ctx, lifecycle.reported);
    let negotiatedBy = first;
    let offers: Offers;
    let negotiated: Negotiated<Offer>;
    if (candidates.length === 1) negotiated = (offers = offersOf(ctx, first.index)).accept(ctx.req.headers.accept);
    else ({ by: negotiatedBy, offers, negotiated } = negotiateAmong(ctx, candidates, routeOffers, offersOf));
    // A Host no client could parse is a 400 before any version is determined, so no link is built on it
    // (docs/reference/decisions.md#host).
    requestHost(ctx);
    if (scheme) {
      keepNegotiated(ctx, negotiated);
      if (pinning === null) ctx.version = scheme.determineVersion(ctx, first.params);
      else {
        const pinned = pinning.determine(ctx, scheme, first.params);
        ctx.version = typeof pinned === 'object' && pinned !== null ? await pinned : pinned;
      }
      ctx.versioningScheme = scheme;
      if (deprecated !== null && ctx.version !== null && lifecycle?.stateOf(ctx.version)) deprecated(ctx, ctx.version, pinning?.clientOf(ctx));
      // Named before the lifecycle headers, which throw 410 for a retired version: that answer names its version too.
      if (pinning !== null) pinning.answered(ctx, ctx.version);
      if (lifecycle) announceVersion(ctx, lifecycle, ctx.version, now);
    }
    const chosen = result.candidates.find((candidate) => serves(candidate.route, ctx.version));
    if (!chosen) throw scheme ? scheme.invalidVersion() : new NotFound();
    // Routes sharing a path may render differently: the one chosen by version negotiates again over its own.
    if (chosen !== negotiatedBy && routeOffers[chosen.index] !== routeOffers[negotiatedBy.index]) {
      offers = offersOf(ctx, chosen.index);
      negotiated = offers.accept(ctx.req.headers.accept);
    }
    if (chosen !== first) {
      setRoute(ctx, chosen);
      if (trace !== null && chosen.route.pattern.source !== first.route.pattern.source) trace(ctx.method, chosen.route.pattern.source);
    }
    const { route, params } = chosen;
    const plan = plans[chosen.index];
    const { offer } = negotiated;
    if (plan.around === null) await handle(ctx, route, plan, params, offer, offers);
    else await guarded(ctx, plan.around, () => handle(ctx, route, plan, params, offer, offers));
  };
}

/**
 * The route's middleware around the handler step, whose promise is owned
 * (docs/architecture.md#user-code): a guard that calls `next()` without
 * awaiting or returning it leaves no unhandled rejection, and the step's
 * failure once the guards have returned is the app's `error` event.
 */
async function guarded(ctx: Context, around: NonNullable<RoutePlan['around']>, step: () => Promise<void>): Promise<void> {
  let returned = false;
  await around(ctx, () => {
    const running = step();
    running.catch((error: unknown) => {
      if (returned) ctx.app.emit('error', asError(error), ctx);
    });
    return running;
  });
  returned = true;
}

/**
 * Negotiation when routes of several versions share the path: over the first
 * one's renderers, else (it refuses, or lacks the `?format=`) over the next
 * that renders differently, so the version can still be read from the range
 * that one accepts (a v2 that adds CSV). The dispatcher renegotiates over the
 * route the version chooses. Nothing accepted: the first route's refusal.
 */
function negotiateAmong(
  ctx: Context,
  candidates: readonly Candidate[],
  routeOffers: readonly Offers[],
  offersOf: (ctx: Context, index: number) => Offers,
): { by: Candidate; offers: Offers; negotiated: Negotiated<Offer> } {
  let refusal: unknown;
  const tried = new Set<Offers>();
  for (const candidate of candidates) {
    if (tried.has(routeOffers[candidate.index])) continue;
    tried.add(routeOffers[candidate.index]);
    try {
      const offers = offersOf(ctx, candidate.index);
      return { by: candidate, offers, negotiated: offers.accept(ctx.req.headers.accept) };
    } catch (error) {
      refusal ??= error;
    }
  }
  throw refusal;
}

/** The innermost step: bind, call, render (through the route's response contract when it has one, docs/contracts.md). */
async function handle(ctx: Context, route: RouteRecord, plan: RoutePlan, params: Record<string, string>, offer: Offer, offers: Offers): Promise<void> {
  const bound = plan.bind(ctx, params);
  const args = Array.isArray(bound) ? bound : await bound;
  const returned = plan.instance[route.handler](...args);
  let value = isThenable(returned) ? await returned : returned;
  if (value instanceof Outcome) value = applyOutcome(ctx, value);
  if (plan.streams !== true && typeof value === 'object' && value !== null && isStream(value)) throw undeclaredStream(route);
  const rendered = plan.render(ctx, value, offer, offers);
  if (rendered !== undefined) await rendered;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function setRoute(ctx: Context, { route, params, captures }: Candidate): void {
  ctx.route = { name: route.fullName, namespace: route.namespace, pattern: route.pattern.source, params };
  ctx.params = params;
  if (captures !== undefined) ctx.captures = captures;
}
