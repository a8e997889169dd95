/** What waymark uses of `@opentelemetry/api`: declared here so that no declaration file names the optional package. */
interface OpenTelemetryApi {
  context: { active(): { getValue(key: symbol): unknown } };
  createContextKey(description: string): symbol;
}

interface HttpSpan {
  setAttribute(key: string, value: string): unknown;
  updateName(name: string): unknown;
}

/** Tells the tracing in force which route a request matched: its method and full pattern. */
export type RouteTrace = (method: string, pattern: string) => void;

const loadApi = (): OpenTelemetryApi => require('@opentelemetry/api') as OpenTelemetryApi;

/**
 * With `@opentelemetry/api` installed (an optional peer), a function that
 * gives the request's HTTP server span its route, as the Express and Koa
 * instrumentations do: the route goes into the RPC metadata that
 * @opentelemetry/instrumentation-http put in the context, which then names the
 * span `GET /users/:id` and adds `http.route` to the span and to its duration
 * metric; the span gets both at once, for processors that read it earlier.
 * `null` without the package: the dispatcher then pays nothing. Loaded once
 * per app, when it is built (docs/logging-and-tracing.md).
 */
export function routeTrace(load: () => OpenTelemetryApi = loadApi): RouteTrace | null {
  let api: OpenTelemetryApi;
  try {
    api = load();
  } catch {
    return null;
  }
  // @opentelemetry/core's key (`getRPCMetadata`): createContextKey is Symbol.for, so every copy of the API agrees on it.
  const key = api.createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');
  return (method, pattern) => {
    const metadata = api.context.active().getValue(key) as { type?: unknown; route?: string; span?: HttpSpan } | undefined;
    if (metadata?.type !== 'http') return;
    metadata.route = pattern;
    metadata.span?.setAttribute('http.route', pattern);
    metadata.span?.updateName(`${method} ${pattern}`);
  };
}
