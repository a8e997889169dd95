import type { Context } from 'koa';
import { InvalidArgument, NoReverseMatch } from '../errors';
import type { AppRuntime } from '../runtime';
import { runtimeOf } from '../runtime';
import { checkKeys, keysOf } from '../util/keys';
import { formEncode, withQueryAndFragment } from '../table/query';
import { lastQueryValue } from './query';
import { reverseRoute, type Reversed } from '../table/reverse';
import { hostnameOf } from '../table/host';
import type { ReverseOptions, ReverseParams } from '../model/reverse';
import { requestHost, requestOrigin, requestProtocol } from './host';

const URL_OPTIONS = keysOf<ReverseOptions>({ query: true, fragment: true, absolute: true, currentApp: true });
const NO_OPTIONS: ReverseOptions = Object.freeze({});

/** `app.url()`: the path of a named route, or an absolute URL on `origin` with `absolute: true`. */
export function appUrl(runtime: AppRuntime, name: string, params?: ReverseParams, options: ReverseOptions = NO_OPTIONS): string {
  return urlOf(runtime, name, params, options).url;
}

/** `appUrl`, and whether the link is on a route's own host; with `request`, on the request's scheme and port. */
function urlOf(runtime: AppRuntime, name: string, params: ReverseParams | undefined, options: ReverseOptions, request?: Context): { url: string; onHost: boolean } {
  if (options !== NO_OPTIONS) checkKeys('url() options', options, URL_OPTIONS);
  const reversed = reverseRoute(runtime.table, name, params, options.currentApp, request === undefined ? undefined : () => hostnameOf(requestHost(request)));
  const path = withQueryAndFragment(reversed.path, options);
  if (reversed.host !== null) return { url: onHost(reversed, path, runtime.origin, request), onHost: true };
  return { url: absoluteOnOrigin(runtime, path, options), onHost: false };
}

function absoluteOnOrigin(runtime: AppRuntime, path: string, options: ReverseOptions): string {
  if (!options.absolute) return path;
  if (runtime.origin === null) throw new InvalidArgument('url(..., { absolute: true }) needs the `origin` option of createApp().');
  return runtime.origin + path;
}

/**
 * A host-bound route's link (docs/coming-from-koa-router.md#hosts): on its host, with the
 * request's scheme and port, else `origin`'s; without either, a network-path reference (`//host/path`).
 */
function onHost(reversed: Reversed, path: string, origin: string | null, request: Context | undefined): string {
  if (request !== undefined) {
    const host = requestHost(request);
    const port = host.startsWith('[') ? host.slice(host.indexOf(']') + 1) : host.slice(host.lastIndexOf(':') === -1 ? host.length : host.lastIndexOf(':'));
    return `${requestProtocol(request)}://${reversed.host}${port}${path}`;
  }
  if (origin === null) return `//${reversed.host}${path}`;
  const url = new URL(origin);
  return `${url.protocol}//${reversed.host}${url.port === '' ? '' : `:${url.port}`}${path}`;
}

/** `scheme.reverse` as waymark calls it: by a name not known when compiling. */
interface UntypedScheme {
  reverse(name: string, params?: ReverseParams, options?: ReverseOptions & { request?: Context }): string;
}

/** Reversal against the request's app, absolute on the request's origin, from the matched namespace. */
export function plainReverse(ctx: Context, name: string, params?: ReverseParams, options: ReverseOptions = {}): string {
  const currentApp = options.currentApp ?? ctx.route?.namespace;
  const { url, onHost } = urlOf(runtimeOf(ctx.app), name, params, { ...options, absolute: false, currentApp }, ctx);
  return onHost ? url : requestOrigin(ctx) + url;
}

/**
 * `ctx.reverse`: DRF's `reverse(name, request=request)`. The request's scheme
 * reverses first; when it finds no match, plain reversal runs with the
 * caller's own arguments. Either way the link keeps the request's
 * `formatOverride` parameter (`?format=csv`), as DRF's reverse does.
 */
export function requestReverse(ctx: Context, name: string, params?: ReverseParams, options: ReverseOptions = {}): string {
  const scheme = ctx.versioningScheme;
  if (scheme) {
    try {
      return keepFormat(ctx, (scheme as unknown as UntypedScheme).reverse(name, params, { ...options, request: ctx }));
    } catch (error) {
      if (!(error instanceof NoReverseMatch)) throw error;
    }
  }
  return keepFormat(ctx, plainReverse(ctx, name, params, options));
}

/**
 * `url` with the request's format parameter, replacing any the link has
 * (DRF's `preserve_builtin_query_params`); other parameters stay as written,
 * in their order, and the fragment stays last.
 */
function keepFormat(ctx: Context, url: string): string {
  const param = runtimeOf(ctx.app).formatOverride;
  if (param === null) return url;
  const format = lastQueryValue(ctx.querystring, param);
  if (format === undefined) return url;
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const pairs = mark === -1 ? [] : beforeHash.slice(mark + 1).split('&').filter((pair) => pair !== '' && lastQueryValue(pair, param) === undefined);
  pairs.push(`${formEncode(param)}=${formEncode(format)}`);
  return `${mark === -1 ? beforeHash : beforeHash.slice(0, mark)}?${pairs.join('&')}${fragment}`;
}
