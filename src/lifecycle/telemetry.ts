import type { Context } from 'koa';

/** What `onDeprecatedRequest` is told of a request to a deprecated version. */
export interface DeprecatedRequestInfo {
  readonly version: string;
  /** The full name of the route that matched, `null` for an unnamed one. */
  readonly route: string | null;
  /** The client id from `pinning.identify`, when the app pins and knows the client. */
  readonly clientId?: string;
}

/** `AppOptions.onDeprecatedRequest`. */
export type DeprecatedRequestHook = (ctx: Context, info: DeprecatedRequestInfo) => void;

/** Reports one request to a deprecated version. */
export type DeprecationWatch = (ctx: Context, version: string, clientId: string | undefined) => void;

/** What waymark uses of `@opentelemetry/api`: declared here so that no declaration file names the optional package. */
interface MetricsApi {
  metrics: { getMeterProvider(): { getMeter(name: string): Meter } };
}
interface Meter {
  createCounter(name: string, options: { description: string; unit: string }): { add(value: number, attributes: Record<string, string>): void };
}

export const DEPRECATED_REQUESTS = 'waymark.version.deprecated_requests';

const findApi = (): string => require.resolve('@opentelemetry/api');
const loadApi = (): MetricsApi => require('@opentelemetry/api') as MetricsApi;

/**
 * The report of requests to deprecated versions (docs/pinning.md#telemetry):
 * the app's hook, and with `@opentelemetry/api` installed (an optional peer)
 * the counter `waymark.version.deprecated_requests` of the global meter
 * provider's `waymark` meter. `null` when there is neither: the dispatcher
 * then pays nothing. The package is looked for once per app, when it is
 * built, and loaded on the first request to a deprecated version; the counter
 * is made again when another meter provider is registered.
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
  let provider: unknown = null;
  let counter: ReturnType<Meter['createCounter']> | null = null;
  return (ctx, version, clientId) => {
    const route = ctx.route?.name ?? null;
    if (present) {
      api ??= load();
      const current = api.metrics.getMeterProvider();
      if (current !== provider || counter === null) {
        provider = current;
        counter = current.getMeter('waymark').createCounter(DEPRECATED_REQUESTS, { description: 'Requests served by a deprecated API version', unit: '{request}' });
      }
      const attributes: Record<string, string> = { version, route: route ?? '' };
      if (clientId !== undefined) attributes.client_id = clientId;
      counter.add(1, attributes);
    }
    if (hook === null) return;
    try {
      hook(ctx, clientId === undefined ? { version, route } : { version, route, clientId });
    } catch (error) {
      // A report that fails is the app's `error` event, not the client's 500.
      ctx.app.emit('error', error, ctx);
    }
  };
}
