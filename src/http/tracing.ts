import { findPeer, loadPeer } from '../util/peer';
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

const findApi = (): string => findPeer('@opentelemetry/api');
const loadApi = (): OpenTelemetryApi => loadPeer<OpenTelemetryApi>('@opentelemetry/api');

/**
 * Where every copy of `@opentelemetry/api` 1.x keeps what was registered with
 * it, the context manager among them (the API's `internal/global-utils`).
 * Without one, the active context is the API's empty root: no span to name.
 */
const REGISTERED = Symbol.for('opentelemetry.js.api.1');

/**
 * With `@opentelemetry/api` installed (an optional peer), a function that
 * gives the request's HTTP server span its route, as the Express and Koa
 * instrumentations do: the route goes into the RPC metadata that
 * @opentelemetry/instrumentation-http put in the context, which then names the
 * span `GET /users/:id` and adds `http.route` to the span and to its duration
 * metric; the span gets both at once, for processors that read it earlier.
 * `null` without the package: the dispatcher then pays nothing. Whether it is
 * installed is checked once per app, when it is built; the package itself is
 * loaded on the first request made while a context manager is registered, so
 * an app that is not traced never loads it: its 44 modules made an idle
 * server's RSS 1.5 to 2 MiB larger (docs/logging-and-tracing.md).
 */
export function routeTrace(find: () => unknown = findApi, load: () => OpenTelemetryApi = loadApi): RouteTrace | null {
  try {
    find();
  } catch {
    return null;
  }
  let api: OpenTelemetryApi | null = null;
  let key: symbol;
  return (method, pattern) => {
    if ((globalThis as { [REGISTERED]?: { context?: unknown } })[REGISTERED]?.context === undefined) return;
    if (api === null) {
      api = load();
      // @opentelemetry/core's key (`getRPCMetadata`): createContextKey is Symbol.for, so every copy of the API agrees on it.
      key = api.createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');
    }
    const metadata = api.context.active().getValue(key) as { type?: unknown; route?: string; span?: HttpSpan } | undefined;
    if (metadata?.type !== 'http') return;
    metadata.route = pattern;
    metadata.span?.setAttribute('http.route', pattern);
    metadata.span?.updateName(`${method} ${pattern}`);
  };
}
