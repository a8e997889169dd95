import type { Context } from 'koa';
import { Controller } from './decorators/controller';
import { Ctx } from './decorators/params';
import { Get } from './decorators/routes';
import { httpError, ImproperlyConfigured } from './errors';
import { sendProblem, toProblem } from './http/problem';
import { JSONRenderer } from './negotiation/renderers';
import { runtimeOf } from './runtime';
import { isStopping } from './shutdown';
import { include, type Include } from './table/include';
import { checkKeys, keysOf } from './util/keys';

/** The options of `health()`. */
export interface HealthOptions {
  /** Where the route answers (default `'/health'`). */
  path?: string;
  /** The route's name (default `'health'`), for `app.url()`. */
  name?: string;
}

const HEALTH_OPTIONS = keysOf<HealthOptions>({ path: true, name: true });

/**
 * A readiness route for the load balancer's health check: `GET /health`
 * answers 200 `{"status":"pass"}` while the process serves, and 503 (the
 * problem document `The server is shutting down.`) from the moment
 * `closeGracefully` is called on its server, through the `readinessDelay`
 * during which every other route still answers as before: the proxy sees
 * the 503, stops sending, and only then does the listener close
 * (docs/deployment.md#readiness). Versioning is off on it, so it answers
 * alike under every scheme; its responses say `Cache-Control: no-store`.
 * Put the result in `routes`, like an `include()`.
 *
 * @example
 * ```ts
 * import { once } from 'node:events';
 * @Controller('/orders')
 * class Orders {
 *   @Get('', 'orders') list() {
 *     return [];
 *   }
 * }
 * const app = createApp({ routes: [Orders, health()] });
 * assert.equal(app.url('health'), '/health');
 * const server = app.listen(0);
 * await once(server, 'listening');
 * const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
 * assert.equal((await fetch(`${base}/health`)).status, 200);
 * const closed = closeGracefully(server, { readinessDelay: 200 });
 * const draining = await fetch(`${base}/health`);
 * assert.equal(draining.status, 503); // the proxy takes the process out of rotation...
 * assert.equal(((await draining.json()) as { detail: string }).detail, 'The server is shutting down.');
 * assert.equal((await fetch(`${base}/orders`)).status, 200); // ...while it still serves
 * await closed;
 * assert.equal(server.listening, false);
 * ```
 */
export function health(options: HealthOptions = {}): Include {
  checkKeys('health() options', options, HEALTH_OPTIONS);
  const { path = '/health', name = 'health' } = options;
  // A fixed path: a proxy's check asks for one URL, so a parameter (`:id`, `*rest`, `{...}`) has no use.
  if (typeof path !== 'string' || !/^\/[^?#:*{}]*[^/?#:*{}]$/.test(path)) {
    throw new ImproperlyConfigured(`health(): path must be a fixed path such as '/health' (starting with '/', not ending with one, no parameter), got ${JSON.stringify(path)}.`);
  }
  if (typeof name !== 'string' || name === '') throw new ImproperlyConfigured(`health(): name must be a route name such as 'health', got ${JSON.stringify(name)}.`);

  // A class per call: two apps (or two health routes) share nothing.
  @Controller('', { versioning: null })
  class Health {
    @Get('', {
      name,
      summary: 'Readiness: 200 while the process serves, 503 once it shuts down',
      tags: ['health'],
      renderers: [JSONRenderer],
      responses: {
        200: { description: 'The process serves', schema: { type: 'object', required: ['status'], properties: { status: { const: 'pass' } }, additionalProperties: false } },
        503: { description: 'The process is shutting down: send no more requests' },
      },
    })
    check(@Ctx() ctx: Context) {
      if (isStopping(ctx)) {
        // Answered here rather than thrown: a readiness 503 is the signal working, not a server
        // error to report on the app's `error` event at every check.
        sendProblem(ctx, toProblem(httpError('SHUTTING_DOWN')), runtimeOf(ctx.app).translator);
      } else {
        ctx.body = { status: 'pass' };
      }
      ctx.set('Cache-Control', 'no-store');
    }
  }
  return include(path, [Health]);
}
