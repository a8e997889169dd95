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
