import { ImproperlyConfigured } from '../errors';
import { paramTypes } from '../metadata';
import type { RouteRecord } from '../model/route';

/** `AppOptions.resolve`: makes (or finds) the instance of a controller class. */
export type Resolve = (controller: Function) => object;

/**
 * One instance per controller class of the app, made when the app is built:
 * by `resolve` when given (a DI container), else by `new Controller()`. A
 * class that needs constructor arguments and has no `resolve` to supply them
 * fails here, not as a 500 on its first request.
 */
export function controllerInstances(routes: readonly RouteRecord[], resolve: Resolve | undefined): Map<Function, object> {
  const instances = new Map<Function, object>();
  for (const { controller, handler } of routes) {
    let instance = instances.get(controller);
    if (instance === undefined) {
      instance = resolve ? resolved(controller, resolve) : constructed(controller);
      instances.set(controller, instance);
    }
    if (typeof (instance as Record<string | symbol, unknown>)[handler] !== 'function') {
      throw new ImproperlyConfigured(
        `The instance made for ${controller.name} has no method ${String(handler)}: resolve must return an instance of ${controller.name}.`,
      );
    }
  }
  return instances;
}

function constructed(controller: Function): object {
  const declared = paramTypes(controller)?.length ?? 0;
  const count = Math.max(declared, controller.length);
  if (count > 0) {
    throw new ImproperlyConfigured(
      `${controller.name}'s constructor declares ${count} parameter(s), but the app has no \`resolve\` option to supply them. ` +
        'Pass createApp({ ..., resolve: (C) => container.resolve(C) }) with your DI container (tsyringe, typedi, inversify), ' +
        'or give the constructor no parameters.',
    );
  }
  return new (controller as new () => object)();
}

function resolved(controller: Function, resolve: Resolve): object {
  let instance: unknown;
  try {
    instance = resolve(controller);
  } catch (error) {
    throw new ImproperlyConfigured(`resolve(${controller.name}) threw while the app was built: ${(error as Error)?.message ?? String(error)}`);
  }
  if (typeof instance !== 'object' || instance === null) {
    throw new ImproperlyConfigured(`resolve(${controller.name}) must return an instance of ${controller.name}, got ${String(instance)}.`);
  }
  return instance;
}
