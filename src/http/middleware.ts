import compose from 'koa-compose';
import type { Context } from 'koa';
import type { RouteRecord } from '../table/builder';
import { SchemaCompiler } from '../validation/schema';
import type { Bind } from './binding';
import { planBinding } from './binding-plan';
import { controllerInstances, type Resolve } from './controllers';

/** The route's middleware composed into one function; the dispatcher passes the handler step as `next`. */
export type Around = (ctx: Context, next: () => Promise<unknown>) => Promise<unknown>;

/** What one app needs to run one route, made when the app is built. */
export interface RoutePlan {
  readonly instance: Record<string | symbol, (...args: unknown[]) => unknown>;
  readonly bind: Bind;
  /** `null` when the route has no middleware: such a route pays nothing for the feature. */
  readonly around: Around | null;
}

export interface PlanOptions {
  resolve: Resolve | undefined;
  /** `limits.body`, in bytes. */
  bodyLimit: number;
}

/**
 * One plan per route of the app: its controller instance, its binder
 * (conversions chosen, schemas compiled) and its middleware, composed once
 * here rather than per request. Misconfiguration throws now, naming the route.
 */
export function planRoutes(routes: readonly RouteRecord[], { resolve, bodyLimit }: PlanOptions): Map<RouteRecord, RoutePlan> {
  const instances = controllerInstances(routes, resolve);
  const compiler = new SchemaCompiler();
  const plans = new Map<RouteRecord, RoutePlan>();
  for (const route of routes) {
    plans.set(route, {
      instance: instances.get(route.controller) as RoutePlan['instance'],
      bind: planBinding(route, { compiler, bodyLimit }),
      around: route.middleware.length === 0 ? null : (compose([...route.middleware]) as Around),
    });
  }
  return plans;
}
