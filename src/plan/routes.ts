import compose from 'koa-compose';
import type { ParseLimits, Parser } from '../model/parser';
import type { RouteRecord } from '../model/route';
import { SchemaCompiler } from '../schema/compiler';
import type { Bind } from '../http/binding';
import type { Around, RoutePlan } from '../http/route-plan';
import { planBinding } from './binding';
import { controllerInstances, type Resolve } from './controllers';
import { planContract } from './contracts';
import { render, type Render } from '../bodies/render';
import { planOutcome } from '../http/outcome';
import type { AppHistory } from '../history/app-history';
import { versionedPlan } from './history';
import { planStream } from './stream';
import { streams } from '../negotiation/streams';

export interface PlanOptions {
  resolve: Resolve | undefined;
  /** The app's parsers, for routes that set none. */
  parsers: readonly Parser[];
  /** The app's body limits (`limits`). */
  limits: ParseLimits;
  /** `AppOptions.validateResponses`: decided here, per route, so that off costs nothing per request. */
  validateResponses: boolean;
  /** The app's version history: a route it touches binds and renders through it (docs/version-history.md). */
  history?: AppHistory | null;
}

/**
 * One plan per route of the app, in the routes' order: its controller
 * instance, its binder (conversions chosen, schemas compiled), its response
 * contract and its middleware, composed once here rather than per request. Misconfiguration
 * throws now, naming the route. Routes whose plans would be equal (same
 * instance and binder, no middleware: the routes of one controller whose
 * handlers take no arguments) share one.
 */
export function planRoutes(routes: readonly RouteRecord[], { resolve, parsers, limits, validateResponses, history = null }: PlanOptions): RoutePlan[] {
  const instances = controllerInstances(routes, resolve);
  const compiler = new SchemaCompiler();
  const plain = new Map<object, Map<Bind, RoutePlan>>();
  const plans: RoutePlan[] = new Array(routes.length);
  const bindingOptions = { compiler, parsers, limits };
  const contractOptions = { compiler, validate: validateResponses };
  for (let index = 0; index < routes.length; index++) {
    const route = routes[index];
    const instance = instances.get(route.controller) as RoutePlan['instance'];
    const bind = planBinding(route, bindingOptions);
    const contract = planContract(route, contractOptions);
    const versioned = history !== null && history.touches(route) ? versionedPlan(route, bind, contract ?? render, history, { compiler, parsers: route.parsers ?? parsers, limits, validateResponses }) : null;
    const stream = streams(route);
    const inner = versioned?.render ?? contract ?? render;
    const rendering = planOutcome(route, stream ? planStream(route, inner, { compiler, validate: validateResponses, history: versioned === null ? null : history }) : inner);
    if (versioned !== null || stream || route.middleware.length > 0 || rendering !== render) {
      const around = route.middleware.length > 0 ? (compose([...route.middleware]) as Around) : null;
      plans[index] = { instance, bind: versioned?.bind ?? bind, around, render: rendering, ...(stream ? { streams: true } : {}) };
      continue;
    }
    let byBinder = plain.get(instance);
    if (byBinder === undefined) plain.set(instance, (byBinder = new Map()));
    let plan = byBinder.get(bind);
    if (plan === undefined) byBinder.set(bind, (plan = { instance, bind, around: null, render }));
    plans[index] = plan;
  }
  return plans;
}
