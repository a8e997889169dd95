import type { Context } from 'koa';
import { NoReverseMatch } from '../errors';
import type { ReverseOptions, ReverseParams } from '../table/reverse';
import { requestOrigin } from './host';

interface Reverser {
  url(name: string, params?: ReverseParams, options?: ReverseOptions): string;
}

/** Reversal against the request's app, absolute on the request's origin, from the matched namespace. */
export function plainReverse(ctx: Context, name: string, params?: ReverseParams, options: ReverseOptions = {}): string {
  const currentApp = options.currentApp ?? ctx.route?.namespace;
  const path = (ctx.app as unknown as Reverser).url(name, params, { ...options, absolute: false, currentApp });
  return requestOrigin(ctx) + path;
}

/**
 * `ctx.reverse`: DRF's `reverse(name, request=request)`. The request's scheme
 * reverses first; when it finds no match, plain reversal runs with the
 * caller's own arguments.
 */
export function requestReverse(ctx: Context, name: string, params?: ReverseParams, options: ReverseOptions = {}): string {
  const scheme = ctx.versioningScheme;
  if (scheme) {
    try {
      return scheme.reverse(name, params, { ...options, request: ctx });
    } catch (error) {
      if (!(error instanceof NoReverseMatch)) throw error;
    }
  }
  return plainReverse(ctx, name, params, options);
}
