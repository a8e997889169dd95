import type { VersioningInfo } from '../model/scheme';

/** What `createApp()` tells a build check: the app's versioning as tools read it (`app.versioningInfo`). */
export interface BuildFacts {
  readonly versioning: VersioningInfo | null;
}

/**
 * A check that needs the app a controller is mounted in, run once by
 * `createApp()` after the versioning scheme is complete (a `history` fills
 * its versions in): it throws `ImproperlyConfigured` naming what to change.
 * The docs page's `versions` are checked so (docs/architecture.md#build-checks).
 */
export type BuildCheck = (facts: BuildFacts) => void;

const BUILD_CHECK = Symbol('waymark.buildCheck');

/** Gives a controller class the check its routes need when the app is built. */
export function addBuildCheck(controller: Function, check: BuildCheck): void {
  Object.defineProperty(controller, BUILD_CHECK, { value: check });
}

/** Runs each controller's check once, in the order the controllers come. */
export function runBuildChecks(controllers: Iterable<Function>, facts: BuildFacts): void {
  for (const controller of new Set(controllers)) (controller as { [BUILD_CHECK]?: BuildCheck })[BUILD_CHECK]?.(facts);
}

/** What the table builder knows of the app before its scheme is complete: whether it versions at all. */
export interface TableFacts {
  readonly versioned: boolean;
}

/** Whether one of a controller's handlers is a route in an app with these facts. */
export type RouteCondition = (handler: string | symbol, facts: TableFacts) => boolean;

const ROUTE_CONDITION = Symbol('waymark.routeCondition');

/**
 * Gives a controller class a condition on its routes, read when the table is
 * built: the docs page declares its document route once with `{/:version}`
 * and once without, and an app without versioning gets only the second
 * (docs/docs-page.md). Not a public extension point, as build checks are not.
 */
export function addRouteCondition(controller: Function, condition: RouteCondition): void {
  Object.defineProperty(controller, ROUTE_CONDITION, { value: condition });
}

export function keepsRoute(controller: Function, handler: string | symbol, facts: TableFacts): boolean {
  const condition = (controller as { [ROUTE_CONDITION]?: RouteCondition })[ROUTE_CONDITION];
  return condition === undefined || condition(handler, facts);
}
