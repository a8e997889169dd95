// One app process behind a proxy with active health checks (docs/deployment.md#readiness).
// PORT: where it listens (on 127.0.0.1); PROXY: the address the proxy connects from (trusted for
// X-Forwarded-*); NAME: what its answers say served them. test/deploy runs three of these behind
// haproxy and restarts them one by one under load.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'koa';
import { closeGracefully, Controller, createApp, Ctx, Get, Header, health, Post, serverEvent, Signal } from '../src';

const name = process.env.NAME ?? `pid ${process.pid}`;

@Controller('/orders')
class Orders {
  @Get('/:id', 'order') async order(@Ctx() ctx: Context) {
    await sleep(10); // the database call a real handler would make
    return { self: ctx.reverse('order', { id: ctx.params.id }), ip: ctx.ip, protocol: ctx.protocol, served: name };
  }

  // Not idempotent: a proxy may not send it again after a connection is cut under it.
  @Post('', 'orders') async create(@Ctx() ctx: Context) {
    await sleep(10);
    ctx.status = 201;
    return { self: ctx.reverse('order', { id: String(++created) }), ip: ctx.ip, protocol: ctx.protocol, served: name };
  }
}

let created = 0;

const OrderEvent = { type: 'object', properties: { n: { type: 'integer' }, served: { type: 'string' }, note: { type: 'string' } }, required: ['n', 'served'] } as const;

@Controller('/order-events')
class OrderEvents {
  // An SSE stream (or JSON Lines) of numbered events, resumed after Last-Event-ID: closeGracefully
  // ends it (docs/streams.md#shutdown) and the client reconnects, through the proxy, to another process.
  @Get('', { name: 'order-events', responses: { 200: { items: OrderEvent } } })
  async *events(@Signal() signal: AbortSignal, @Header('last-event-id') last?: string, @Header('x-client') client?: string) {
    try {
      for (let n = last === undefined ? 0 : Number(last) + 1; !signal.aborted; n++) {
        // Items of a few KiB, so that a stream cut anywhere but between two would be cut inside one.
        yield serverEvent({ data: { n, served: name, note: 'x'.repeat(2_000 + (n % 7) * 500) }, id: String(n) });
        await sleep(20, undefined, { signal }).catch(() => undefined);
      }
    } finally {
      console.log(`${name} stream ${client ?? '-'} finally`); // what test/deploy counts
    }
  }
}

const app = createApp({ routes: [Orders, OrderEvents, health()], proxy: [process.env.PROXY ?? '127.0.0.2'] });
const server = app.listen(Number(process.env.PORT ?? 3001), '127.0.0.1', () => console.log(`${name} listening`));
// Longer than the proxy keeps an idle connection to the app: otherwise the app may close one just
// as the proxy sends a request on it, and that request fails (Node's default is 5 s).
server.keepAliveTimeout = 65_000;

// GRACEFUL=off exits at once and GRACEFUL=drain closes without the readiness delay: what
// test/deploy measures against (docs/deployment.md#a-rolling-restart-measured).
if (process.env.GRACEFUL === 'off') {
  process.once('SIGTERM', () => process.exit(0));
} else {
  // 2 s: haproxy (inter 500ms, fall 2) sees the 503 twice well within it, then stops sending.
  const readinessDelay = process.env.GRACEFUL === 'drain' ? 0 : 2_000;
  process.once('SIGTERM', () => void closeGracefully(server, { readinessDelay }).then(() => process.exit(0)));
}
