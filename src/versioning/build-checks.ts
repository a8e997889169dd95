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
  for (const route of routes) if (route.versioning instanceof URLPathVersioning) schemes.add(route.versioning);
  for (const scheme of schemes) {
    const served = routes.filter((route) => (route.versioning === undefined ? appScheme : route.versioning) === scheme);
    if (served.length === 0 || served.some((route) => route.pattern.has(scheme.versionParam))) continue;
    throw new ImproperlyConfigured(
      `URLPathVersioning reads the version from the path parameter ":${scheme.versionParam}", but none of its ${served.length} route(s) has it ` +
        `(for example '${served[0].pattern.source}'), so every request would get the default version. ` +
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
