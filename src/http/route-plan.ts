import type { Context } from 'koa';
import type { Bind } from './binding';
import type { Render } from '../bodies/render';

// The shape of a route's plan, declared beside the dispatcher that runs it, so that the planner (a
// layer above, docs/architecture.md#layers) imports it and the dispatcher never imports the planner.

/** The route's middleware composed into one function; the dispatcher passes the handler step as `next`. */
export type Around = (ctx: Context, next: () => Promise<unknown>) => Promise<unknown>;

/** What one app needs to run one route, made when the app is built. */
export interface RoutePlan {
  readonly instance: Record<string | symbol, (...args: unknown[]) => unknown>;
  readonly bind: Bind;
  /** `null` when the route has no middleware: such a route pays nothing for the feature. */
  readonly around: Around | null;
  /** Writes the handler's value: plain `render`, or the route's response contract (docs/contracts.md). */
  readonly render: Render;
  /** Whether the route declares a stream (`items`, docs/streams.md): only then may its handler return an async iterable. */
  readonly streams?: boolean;
}
