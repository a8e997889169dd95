import type { Context } from 'koa';
import { templateOf } from '../errors';
import type { ReverseParams } from '../table/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';

/**
 * The version is a path parameter of the matched route (`/:version/users`),
 * named by `versionParam`. Links get the request's version in that parameter,
 * overriding one the caller gave (the seed's rule).
 */
export class URLPathVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'urlPath');

  determineVersion(_ctx: Context, params: Record<string, string>): string | null {
    const version = Object.hasOwn(params, this.versionParam) ? params[this.versionParam] : this.defaultVersion;
    return this.accept(version);
  }

  /** Positional parameters are left as they are: name them to get the version added. */
  protected reverseAny(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const version = options.request?.version ?? null;
    if (version === null || Array.isArray(params)) return super.reverseAny(name, params, options);
    return super.reverseAny(name, { ...params, [this.versionParam]: version }, options);
  }
}
