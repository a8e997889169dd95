import compose from 'koa-compose';
import Koa, { type Middleware } from 'koa';
import { resolveAppOptions, type AppOptions } from './options';
import { installContext } from './http/context';
import { dispatcher, errorBoundary } from './http/dispatch';
import { closeWhileDraining, refuseWhileDraining } from './shutdown';
import { Matcher } from './http/matcher';
import { followProxyTrust, proxyTest } from './http/proxy';
import { installQuery } from './http/query';
import { appUrl } from './http/reverse';
import { planRoutes } from './http/middleware';
import { Translator } from './i18n/translator';
import { Offers } from './negotiation/offers';
import { attachRuntime, runtimeOf, type AppRuntime } from './runtime';
import type { ReverseParams } from './table/reverse';
import type { ReverseArgs, RouteName } from './typegen/names';

export type { AppOptions };

/**
 * A Koa application whose routes come from decorated controllers. Every Koa
 * middleware and `app.callback()` work unchanged; middleware added with
 * `app.use()` runs after waymark's error boundary and before routing.
 */
export class App extends Koa {
  constructor(options: AppOptions) {
    const { table, versioning, mediaTypes, origin, proxy, paramLength, now, bodyLimit, resolve } = resolveAppOptions(options);
    const runtime: AppRuntime = {
      table,
      versioning,
      origin,
      mediaTypes,
      offers: new Offers(mediaTypes),
      translator: new Translator(options.translations),
      trustsProxy: proxyTest(proxy),
      now,
    };
    const matcher = new Matcher(table.routes, { paramLength });
    const plans = planRoutes(table.routes, { resolve, bodyLimit });
    const dispatch = dispatcher({ matcher, plans, versioning, offers: runtime.offers, now });
    const boundary = errorBoundary(runtime.translator);
    // Koa 3's `compose` option puts the error boundary first and routing last, whatever `app.use()` adds;
    // around the boundary, Connection: close while the server drains, and a 503 for requests arriving then.
    const koaOptions: { proxy: boolean } = {
      proxy: proxy === true,
      compose: (middleware: Middleware[]) => compose([closeWhileDraining, boundary, refuseWhileDraining, ...middleware, dispatch]),
    } as { proxy: boolean };
    super(koaOptions);
    attachRuntime(this, runtime);
    installContext(this.context);
    followProxyTrust(this.request, runtime.trustsProxy);
    installQuery(this.request);
  }

  /**
   * The path of a named route, or an absolute URL on `origin` with
   * `absolute: true`. Throws `NoReverseMatch` when no route fits.
   *
   * @example
   * app.url('users-detail', { id: 42 });                     // '/users/42'
   * app.url('v1:users-detail', [42], { query: { q: 'a b' } }); // '/v1/users/42?q=a+b'
   */
  url<N extends RouteName>(name: N, ...args: ReverseArgs<N>): string {
    return appUrl(runtimeOf(this), name, args[0] as ReverseParams | undefined, args[1]);
  }
}

/**
 * Builds a waymark app.
 *
 * @example
 * const app = createApp({ routes: [UsersController], origin: 'https://api.example.com' });
 * app.listen(3000);
 */
export function createApp(options: AppOptions): App {
  return new App(options);
}
