import type { Context } from 'koa';
import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import type { ReverseParams } from '../model/reverse';
import { defaultStatus } from '../table/route-docs';
import { requestOrigin } from './host';
import type { Render } from '../bodies/render';
import { requestReverse } from './reverse';

/** Where a reply points: a route name (reversed through the request) or a URL. */
interface Target {
  readonly target: string;
  readonly params: ReverseParams | undefined;
  readonly external: boolean;
}

/**
 * What `reply()` and `redirect()` return: a body with the status, headers
 * and `Location` the handler chose. The dispatcher unwraps it before the
 * route's renderer writes the body (docs/declaring-what-handlers-decide.md).
 */
export class Outcome<T = unknown> {
  /** @internal */
  constructor(
    readonly body: T,
    readonly status: number | undefined,
    readonly headers: Readonly<Record<string, string>> | undefined,
    readonly location: Target | undefined,
  ) {}
}

export interface ReplyOptions {
  /** The status (it must be declared on a route that declares response schemas, under `validateResponses`). */
  status?: number;
  headers?: Record<string, string>;
  /** A route name reversed through the request (version-aware, absolute), or a URL on the request's origin. */
  location?: string;
  /** The parameters of `location` when it is a route name. */
  params?: ReverseParams;
  /** Allows a `location` on another origin. */
  external?: boolean;
}

/**
 * A body with its status, headers and `Location`, returned by a handler
 * instead of setting them on `ctx`.
 *
 * @example
 * ```ts
 * @Controller('/books')
 * class Books {
 *   @Get('/:id', 'books-detail') detail(@Param('id') id: number) {
 *     return { id };
 *   }
 *   @Post('', { name: 'books-create', responses: { 201: {} } }) create() {
 *     return reply({ id: 7 }, { status: 201, location: 'books-detail', params: { id: 7 }, headers: { 'Cache-Control': 'no-store' } });
 *   }
 * }
 * const app = createApp({ routes: [Books] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/books`, { method: 'POST' });
 * assert.equal(response.status, 201);
 * assert.equal(response.headers.get('location'), `http://127.0.0.1:${port}/books/7`);
 * assert.equal(response.headers.get('cache-control'), 'no-store');
 * server.close();
 * ```
 */
export function reply<T>(body: T, options: ReplyOptions = {}): Outcome<T> {
  if (options.status !== undefined) checkStatus(options.status, 'reply()', 200, 599);
  const location = options.location === undefined ? undefined : target(options.location, options.params, options.external === true, 'reply()');
  return new Outcome(body, options.status, options.headers, location);
}

export interface RedirectOptions {
  /** 301, 302 (the default), 303, 307 or 308. */
  status?: 301 | 302 | 303 | 307 | 308;
  /** Allows a URL on another origin (never by accident: an open redirect). */
  external?: boolean;
}

/**
 * A redirect to a route name, reversed through the request as `ctx.reverse`
 * does (the request's version, absolute), or to a URL: a target containing
 * `/` is a URL, anything else a route name. A URL on another origin is
 * refused unless `{ external: true }`.
 *
 * @example
 * ```ts
 * @Controller('')
 * class Pages {
 *   @Get('/books/:id', 'books-detail') detail(@Param('id') id: number) {
 *     return { id };
 *   }
 *   @Get('/latest', 'latest') latest() {
 *     return redirect('books-detail', { id: 3 });
 *   }
 * }
 * const app = createApp({ routes: [Pages] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/latest`, { redirect: 'manual' });
 * assert.deepEqual([response.status, response.headers.get('location')], [302, `http://127.0.0.1:${port}/books/3`]);
 * server.close();
 * ```
 */
export function redirect(to: string, params?: ReverseParams, options: RedirectOptions = {}): Outcome<undefined> {
  const status = options.status ?? 302;
  if (![301, 302, 303, 307, 308].includes(status)) {
    throw new ImproperlyConfigured(`redirect(${JSON.stringify(to)}): status must be 301, 302, 303, 307 or 308, got ${JSON.stringify(status)}.`);
  }
  return new Outcome(undefined, status, undefined, target(to, params, options.external === true, `redirect(${JSON.stringify(to)})`));
}

function checkStatus(status: unknown, where: string, low: number, high: number): void {
  if (typeof status !== 'number' || !Number.isInteger(status) || status < low || status > high) {
    throw new ImproperlyConfigured(`${where}: status must be an integer from ${low} to ${high}, got ${JSON.stringify(status)}.`);
  }
}

function target(to: unknown, params: ReverseParams | undefined, external: boolean, where: string): Target {
  if (typeof to !== 'string' || to === '') throw new ImproperlyConfigured(`${where}: the target must be a route name or a URL, got ${JSON.stringify(to)}.`);
  return { target: to, params, external };
}

/**
 * Applies an outcome's status, headers and `Location` to the response and
 * gives back the body to render.
 */
export function applyOutcome(ctx: Context, outcome: Outcome): unknown {
  if (outcome.status !== undefined) ctx.status = outcome.status;
  if (outcome.headers !== undefined) ctx.set(outcome.headers);
  if (outcome.location !== undefined) ctx.set('Location', resolve(ctx, outcome.location));
  return outcome.body;
}

/** A scheme (RFC 3986 §3.1); what follows it decides whether the target has an authority. */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** Where a browser starts an authority: `//` after a scheme or none, a backslash counting as a slash. */
const AUTHORITY = /^(?:[a-z][a-z\d+.-]*:)?[/\\]{2}/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A route name through `ctx.reverse`; a URL judged by what a browser (the
 * WHATWG parser) and an RFC 3986 client would both follow, and sent as the
 * normalized URL that was checked (docs/declaring-what-handlers-decide.md#which-targets-stay-on-the-origin):
 * a target that the two read differently (a scheme without `//`, a backslash
 * in an authority, control characters) is refused, as is another origin
 * unless `external`.
 */
function resolve(ctx: Context, { target: to, params, external }: Target): string {
  if (!to.includes('/')) return requestReverse(ctx, to, params);
  const origin = requestOrigin(ctx);
  const refused = (why: string) => new ImproperlyConfigured(`redirect to ${JSON.stringify(to)}: ${why}`);
  if (CONTROL.test(to)) throw refused('control characters in a URL are read differently by browsers and other clients.');
  const scheme = SCHEME.exec(to);
  if (scheme !== null && !to.startsWith('//', scheme[0].length)) {
    throw refused('a scheme without "//" is a path to RFC 3986 clients and another host to a browser. Write the full URL or a path.');
  }
  const authority = AUTHORITY.exec(to);
  if (authority !== null && /^[^/?#]*\\/.test(to.slice(authority[0].length))) {
    throw refused('a backslash in the host part ends the host for a browser and not for RFC 3986 clients.');
  }
  let url: URL;
  try {
    url = new URL(to, origin + ctx.path);
  } catch {
    throw refused('not a URL.');
  }
  if (!external && url.origin !== origin) {
    throw refused(`it leaves the request's origin ${origin}. Pass { external: true } if that is meant (an open redirect otherwise).`);
  }
  return authority === null && scheme === null ? url.pathname + url.search + url.hash : url.href;
}

/**
 * The route's renderer, giving the response the route's declared status
 * (`status`, or its one declared 2xx) when the handler set none, and the
 * route's `headers`; `render` itself when the route declares neither.
 * The declared status holds for nothing returned too (an empty body), so
 * that every status sent is one the document lists.
 */
export function planOutcome(route: RouteRecord, render: Render): Render {
  const status = defaultStatus(route.docs);
  const headers = route.docs.headers;
  if (status === undefined && headers === undefined) return render;
  return (ctx, returned, offer, offers) => {
    const explicit = (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus === true;
    if (status !== undefined && !explicit) {
      ctx.status = status;
      // Nothing to send with a status that has a body: an empty one, not Koa's reason phrase as text.
      if (returned === undefined && ctx.body == null && status !== 204) ctx.body = '';
    }
    if (headers !== undefined && (!explicit || ctx.status < 400)) ctx.set(headers as Record<string, string>);
    return render(ctx, returned, offer, offers);
  };
}
