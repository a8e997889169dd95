import type { Context } from 'koa';
import { asError, notify } from '../util/user-code';
import { findPeer, loadPeer } from '../util/peer';

/** What `onDeprecatedRequest` is told of a request to a deprecated version. */
export interface DeprecatedRequestInfo {
  readonly version: string;
  /** The full name of the route that matched, `null` for an unnamed one. */
  readonly route: string | null;
  /** The client id from `pinning.identify`, when the app pins and knows the client. */
  readonly clientId?: string;
}

/** `AppOptions.onDeprecatedRequest`: what it returns is not waited for; a promise it returns that rejects is reported like a throw. */
export type DeprecatedRequestHook = (ctx: Context, info: DeprecatedRequestInfo) => unknown;

/** Reports one request to a deprecated version. */
export type DeprecationWatch = (ctx: Context, version: string, clientId: string | undefined) => void;

/** What waymark uses of `@opentelemetry/api`: declared here so that no declaration file names the optional package. */
interface MetricsApi {
  metrics: { getMeterProvider(): MeterProvider };
}
interface MeterProvider {
  getMeter(name: string): Meter;
}
interface Meter {
  createObservableCounter(name: string, options: { description: string; unit: string }): { addCallback(callback: (result: Observer) => void): void };
}
interface Observer {
  observe(value: number, attributes: Record<string, string | boolean>): void;
}

export const DEPRECATED_REQUESTS = 'waymark.version.deprecated_requests';

/** Distinct attribute sets kept per meter provider, as the metrics SDK's default cardinality limit; the rest are counted under its overflow attribute. */
export const MAX_SERIES = 2000;
const OVERFLOW = Object.freeze({ 'otel.metric.overflow': true });

interface Series {
  readonly attributes: Readonly<Record<string, string | boolean>>;
  value: number;
}

/**
 * The requests counted for one meter provider, by version, route and
 * client. A request adds one to a number here; the provider reads the totals
 * when it collects, through an observable counter: the SDK's synchronous
 * `counter.add` hashes and sorts the attribute set on every call, which cost
 * a deprecated request 5% of its instructions (docs/performance.md). One per
 * provider in the process, so that two apps add into the same totals, as they
 * would with a synchronous counter of the same name.
 */
class Tally {
  private readonly series = new Map<string, Map<string, Map<string | undefined, Series>>>();
  private size = 0;
  private readonly overflow: Series = { attributes: OVERFLOW, value: 0 };

  add(version: string, route: string, clientId: string | undefined): void {
    let routes = this.series.get(version);
    if (routes === undefined) this.series.set(version, (routes = new Map()));
    let clients = routes.get(route);
    if (clients === undefined) routes.set(route, (clients = new Map()));
    let series = clients.get(clientId);
    if (series === undefined) {
      if (this.size >= MAX_SERIES - 1) {
        this.overflow.value++;
        return;
      }
      series = { attributes: clientId === undefined ? { version, route } : { version, route, client_id: clientId }, value: 0 };
      clients.set(clientId, series);
      this.size++;
    }
    series.value++;
  }

  readonly observe = (result: Observer): void => {
    for (const routes of this.series.values()) for (const clients of routes.values()) for (const { value, attributes } of clients.values()) result.observe(value, attributes);
    if (this.overflow.value > 0) result.observe(this.overflow.value, this.overflow.attributes);
  };
}

const tallies = new WeakMap<MeterProvider, Tally>();

function tallyOf(provider: MeterProvider): Tally {
  let tally = tallies.get(provider);
  if (tally === undefined) {
    tallies.set(provider, (tally = new Tally()));
    const counter = provider.getMeter('waymark').createObservableCounter(DEPRECATED_REQUESTS, { description: 'Requests served by a deprecated API version', unit: '{request}' });
    counter.addCallback(tally.observe);
  }
  return tally;
}

const findApi = (): string => findPeer('@opentelemetry/api');
const loadApi = (): MetricsApi => loadPeer<MetricsApi>('@opentelemetry/api');

/**
 * The report of requests to deprecated versions (docs/pinning.md#telemetry):
 * the app's hook, and with `@opentelemetry/api` installed (an optional peer)
 * the counter `waymark.version.deprecated_requests` of the global meter
 * provider's `waymark` meter. `null` when there is neither: the dispatcher
 * then pays nothing. The package is looked for once per app, when it is
 * built, and loaded on the first request to a deprecated version; the counter
 * is made on the meter provider registered at the time of a request, so a
 * provider registered later counts from then on.
 */
export function deprecationWatch(hook: DeprecatedRequestHook | null, find: () => unknown = findApi, load: () => MetricsApi = loadApi): DeprecationWatch | null {
  let present = true;
  try {
    find();
  } catch {
    present = false;
  }
  if (!present && hook === null) return null;
  let api: MetricsApi | null = null;
  let provider: MeterProvider | null = null;
  let tally: Tally | null = null;
  return (ctx, version, clientId) => {
    const route = ctx.route?.name ?? null;
    if (present) {
      api ??= load();
      const current = api.metrics.getMeterProvider();
      if (current !== provider || tally === null) tally = tallyOf((provider = current));
      tally.add(version, route ?? '', clientId);
    }
    if (hook === null) return;
    // A report that fails, at once or later, is the app's `error` event, not the client's 500; nothing waits for it.
    notify((error) => ctx.app.emit('error', asError(error), ctx), hook, ctx, clientId === undefined ? { version, route } : { version, route, clientId });
  };
}
