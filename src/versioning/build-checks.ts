import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { URLPathVersioning } from './url-path';

/**
 * `URLPathVersioning` reads the version from a path parameter: in an app
 * where no route it serves has that parameter, every request would quietly
 * get the default version. That is a misconfiguration, named at build.
 */
export function checkUrlPathParam(routes: readonly RouteRecord[], appScheme: VersioningScheme | null): void {
  const schemes = new Set<URLPathVersioning>();
  if (appScheme instanceof URLPathVersioning) schemes.add(appScheme);
  for (let index = 0; index < routes.length; index++) {
    const { versioning } = routes[index];
    if (versioning instanceof URLPathVersioning) schemes.add(versioning);
  }
  for (const scheme of schemes) {
    // Counted, not filtered into a list: this runs at every build, over every route.
    let served = 0;
    let example: RouteRecord | undefined;
    let carried = false;
    for (let index = 0; index < routes.length && !carried; index++) {
      const route = routes[index];
      if ((route.versioning === undefined ? appScheme : route.versioning) !== scheme) continue;
      served++;
      example ??= route;
      carried = route.pattern.has(scheme.versionParam);
    }
    if (example === undefined || carried) continue;
    throw new ImproperlyConfigured(
      `URLPathVersioning reads the version from the path parameter ":${scheme.versionParam}", but none of its ${served} route(s) has it ` +
        `(for example '${example.pattern.source}'), so every request would get the default version. ` +
        `Mount the routes under it, e.g. include('/:${scheme.versionParam}', [...]), or set versionParam to the parameter your paths use.`,
    );
  }
}

/** A value named for an error message: a class by its name (never its source text), anything else briefly. */
export function describeValue(value: unknown): string {
  if (typeof value === 'function') return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? `the class ${value.name || '(anonymous)'}` : `the function ${value.name || '(anonymous)'}`;
  if (typeof value === 'object' && value !== null) return `an object of class ${value.constructor?.name ?? 'Object'}`;
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
