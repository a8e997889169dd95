// Streams (docs/streams.md), side by side in one run: events per second of a stream of small JSON
// items from waymark, a hand-written node:http SSE writer, Fastify with @fastify/sse and Hono's
// streamSSE on @hono/node-server; then waymark's RSS while 1,000,000 items go to a slow client,
// and the heap per idle open stream (waymark and Fastify). Each server runs in a child process of
// its own; this process is the client. `npm run bench:streams` (ROUNDS=10 EVENTS=100000 by default).
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { request, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const KINDS = ['waymark', 'node', 'fastify', 'hono'] as const;
/** Koa 3 itself, with one middleware that holds the response open: measured for idle streams only, the floor of any framework on Koa. */
type Kind = (typeof KINDS)[number] | 'koa';
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const EVENTS = Number(process.env.EVENTS ?? 100_000);
const SLOW_ITEMS = Number(process.env.SLOW_ITEMS ?? 1_000_000);
const IDLE = Number(process.env.IDLE ?? 5_000);
/** The server the slow client reads from (waymark by default; `node` for the hand-written writer, to compare). */
const SLOW_KIND = (process.env.SLOW_KIND ?? 'waymark') as Kind;
/** Which parts to run (comma-separated): throughput, slow, idle; all by default. */
const PARTS = (process.env.PARTS ?? 'throughput,slow,idle').split(',');
const item = (id: number) => ({ id, name: 'user', active: true });
const ITEM = { type: 'object', required: ['id', 'name', 'active'], properties: { id: { type: 'integer' }, name: { type: 'string' }, active: { type: 'boolean' } } } as const;

/** A server of one kind, on 127.0.0.1: `/events?n=` sends n events and ends; `/idle` sends one and stays open. */
async function serve(kind: Kind): Promise<Server | { port: number }> {
  if (kind === 'waymark') {
    const { Controller, createApp, Get, Query, Signal } = await import('../src');
    @Controller('')
    class Events {
      @Get('/events', { name: 'events', responses: { 200: { items: ITEM } } })
      async *events(@Query('n') n: number) {
        for (let id = 0; id < n; id++) yield item(id);
      }
      @Get('/idle', { name: 'idle', responses: { 200: { items: ITEM } }, stream: { heartbeat: 0 } })
      async *idle(@Signal() signal: AbortSignal) {
        yield item(0);
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      }
    }
    return createApp({ routes: [Events] }).listen(0, '127.0.0.1');
  }
  if (kind === 'node') {
    // What a careful hand-written writer does: the same headers, JSON.stringify, write() and 'drain'.
    return createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      let closed = false;
      res.on('close', () => (closed = true));
      if (url.pathname === '/idle') return void res.write(`data: ${JSON.stringify(item(0))}\n\n`);
      const n = Number(url.searchParams.get('n'));
      for (let id = 0; id < n && !closed; id++) {
        if (!res.write(`data: ${JSON.stringify(item(id))}\n\n`)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    }).listen(0, '127.0.0.1');
  }
  if (kind === 'koa') {
    const Koa = (await import('koa')).default;
    const app = new Koa();
    app.use(async (ctx) => {
      ctx.respond = false;
      ctx.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      const n = ctx.path === '/idle' ? 1 : Number(ctx.query.n);
      for (let id = 0; id < n; id++) ctx.res.write(`data: ${JSON.stringify(item(id))}\n\n`);
      if (ctx.path !== '/idle') ctx.res.end();
    });
    return app.listen(0, '127.0.0.1');
  }
  if (kind === 'fastify') {
    const fastify = (await import('fastify')).default();
    await fastify.register((await import('@fastify/sse')).default as never);
    fastify.get('/events', { sse: true } as never, async (req, reply) => {
      const n = Number((req.query as { n: string }).n);
      async function* events() {
        for (let id = 0; id < n; id++) yield { data: item(id) };
      }
      await (reply as unknown as { sse: { send(source: unknown): Promise<void> } }).sse.send(events());
    });
    fastify.get('/idle', { sse: true } as never, async (_req, reply) => {
      const sse = (reply as unknown as { sse: { send(message: unknown): Promise<void>; keepAlive(): void } }).sse;
      sse.keepAlive();
      await sse.send({ data: item(0) });
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    return { port: (fastify.server.address() as AddressInfo).port };
  }
  const { Hono } = await import('hono');
  const { streamSSE } = await import('hono/streaming');
  const { serve: honoServe } = await import('@hono/node-server');
  const app = new Hono();
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const n = Number(c.req.query('n'));
      for (let id = 0; id < n && !stream.aborted; id++) await stream.writeSSE({ data: JSON.stringify(item(id)) });
    }),
  );
  app.get('/idle', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: JSON.stringify(item(0)) });
      await new Promise((resolve) => stream.onAbort(() => resolve(undefined)));
    }),
  );
  return honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
}

/** In a child: serve, say the port, answer the parent's questions about memory. */
async function child(kind: Kind): Promise<void> {
  const server = await serve(kind);
  if (!('port' in server) && !server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const port = 'port' in server ? server.port : (server.address() as AddressInfo).port;
  let peak = { rss: 0, heapTotal: 0, external: 0 };
  setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heapTotal: Math.max(peak.heapTotal, now.heapTotal), external: Math.max(peak.external, now.external) };
  }, 20).unref();
  process.on('message', (message: string) => {
    if (message === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      process.send?.({ rss, heapUsed, heapTotal, external, peak });
      peak = { rss, heapTotal, external };
    }
  });
  process.send?.({ port });
}

interface Memory {
  /** After a full GC. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** The highest seen (every 20 ms) since the last question. */
  peak: { rss: number; heapTotal: number; external: number };
}

class Child {
  private constructor(
    readonly process: ChildProcess,
    readonly port: number,
  ) {}
  static async start(kind: Kind): Promise<Child> {
    const made = fork(__filename, ['serve', kind], { execArgv: ['--expose-gc', ...(process.env.CHILD_FLAGS ?? '').split(' ').filter(Boolean)] });
    const { port } = await new Promise<{ port: number }>((resolve) => made.once('message', resolve as never));
    return new Child(made, port);
  }
  memory(): Promise<Memory> {
    return new Promise((resolve) => {
      this.process.once('message', resolve as never);
      this.process.send('memory');
    });
  }
  stop(): void {
    this.process.kill();
  }
}

/** Reads a whole stream, counting events; `pace` pauses reading that many ms every 64 KiB (a slow client). */
function readAll(port: number, path: string, pace = 0): Promise<{ events: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' } }, (res) => {
      let events = 0;
      let since = 0;
      res.on('data', (chunk: Buffer) => {
        events += count(chunk);
        since += chunk.length;
        if (pace > 0 && since > 65_536) {
          since = 0;
          res.pause();
          setTimeout(() => res.resume(), pace);
        }
      });
      res.on('end', () => resolve({ events, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Events in a chunk: `data:` at the start of a line (a chunk never splits waymark's or the peers' `data:` across two reads often enough to matter; the total is checked). */
function count(chunk: Buffer): number {
  let found = 0;
  for (let at = chunk.indexOf('data:'); at !== -1; at = chunk.indexOf('data:', at + 5)) found++;
  return found;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function throughput(): Promise<void> {
  const children = new Map<Kind, Child>();
  for (const kind of KINDS) children.set(kind, await Child.start(kind));
  const rates = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  for (const kind of KINDS) await readAll((children.get(kind) as Child).port, `/events?n=${EVENTS / 10}`); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    // The order turns each round, so no kind always runs first (or last) on a busy machine.
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
    for (const kind of order) {
      const { events, ms } = await readAll((children.get(kind) as Child).port, `/events?n=${EVENTS}`);
      if (Math.abs(events - EVENTS) > EVENTS * 0.001) throw new Error(`${kind} sent ${events} events, not ${EVENTS}`);
      (rates.get(kind) as number[]).push((EVENTS / ms) * 1000);
    }
  }
  for (const child of children.values()) child.stop();
  const of = (kind: Kind) => median(rates.get(kind) as number[]);
  console.log(`events per second, median of ${ROUNDS} rounds of ${EVENTS} small JSON items over one SSE stream:`);
  for (const kind of KINDS) console.log(`  ${kind.padEnd(8)} ${Math.round(of(kind)).toString().padStart(9)}   rounds: ${(rates.get(kind) as number[]).map((r) => Math.round(r / 1000) + 'k').join(' ')}`);
  console.log(`  waymark / node:http hand-written ${(of('waymark') / of('node')).toFixed(3)} (target >= 0.9)`);
  console.log(`  waymark / fastify + @fastify/sse ${(of('waymark') / of('fastify')).toFixed(3)} (target >= 1)`);
  console.log(`  waymark / hono streamSSE         ${(of('waymark') / of('hono')).toFixed(3)} (target >= 1)`);
}

/**
 * RSS while SLOW_ITEMS items go to a slow client, twice in one process: the first stream after a
 * warm-up of 10,000 items, then a second one like it. The first pays for V8 sizing its heap to the
 * allocation rate of a stream (its young generation grows from 1 to 16 MiB per semi-space, and
 * is kept), which is not live memory: the heap used after a full GC says what is.
 */
async function slowClient(): Promise<void> {
  const child = await Child.start(SLOW_KIND);
  await readAll(child.port, '/events?n=10000'); // the process warmed up: what it holds at rest
  let start = await child.memory();
  for (const run of ['first', 'second']) {
    const { events, ms } = await readAll(child.port, `/events?n=${SLOW_ITEMS}`, 1);
    const after = await child.memory();
    const growth = after.peak.rss / start.rss - 1;
    console.log(
      `${events} items from ${SLOW_KIND} to a slow client (${run} stream) in ${Math.round(ms)} ms: RSS ${mb(start.rss)} at start, ${mb(after.peak.rss)} at its peak ` +
        `(${(growth * 100).toFixed(1)}%, target within 10%); V8 heap total ${mb(start.heapTotal)} -> ${mb(after.peak.heapTotal)} at its peak, ` +
        `heap used after a full GC ${mb(start.heapUsed)} -> ${mb(after.heapUsed)}, external ${mb(start.external)} -> ${mb(after.peak.external)} at its peak`,
    );
    start = after;
  }
  child.stop();
}

async function idle(kind: Kind): Promise<number> {
  const child = await Child.start(kind);
  await readAll(child.port, '/events?n=1000');
  const before = await child.memory();
  const sockets: ReturnType<typeof request>[] = [];
  let opened = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < IDLE; i++) {
      const req = request({ host: '127.0.0.1', port: child.port, path: '/idle', headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
        res.once('data', () => {
          if (++opened === IDLE) resolve();
        });
      });
      req.on('error', () => {});
      req.end();
      sockets.push(req);
    }
  });
  const after = await child.memory();
  for (const req of sockets) req.destroy();
  child.stop();
  return (after.heapUsed - before.heapUsed) / IDLE;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') return child(process.argv[3] as Kind);
  if (PARTS.includes('throughput')) await throughput();
  if (PARTS.includes('slow')) await slowClient();
  if (!PARTS.includes('idle')) return;
  const waymark = await idle('waymark');
  const fastify = await idle('fastify');
  const node = await idle('node'); // what Node's own socket, request and response hold: the floor of any framework on node:http
  const koa = await idle('koa'); // what Koa adds to node's: the floor of any framework on Koa
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `${IDLE} idle open streams, heap per stream: waymark ${kib(waymark)}, fastify ${kib(fastify)}, hand-written node:http ${kib(node)}, ` +
      `koa holding the response ${kib(koa)} (waymark / fastify ${(waymark / fastify).toFixed(2)}, target <= 1; waymark - koa ${kib(waymark - koa)})`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
