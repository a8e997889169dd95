import fastifySSE from '@fastify/sse';
import Fastify from 'fastify';
import { fillerPatterns, peerArgs, SSE_EVENTS, sseData } from '../shared/peers';
import { announce, mainThreadMs } from './serve';

/**
 * Fastify 5, as its docs teach: `app.get()` returning the object (Reference
 * › Routes, "Async Await"); `--sse`: the @fastify/sse plugin and a route
 * with `{ sse: true }` sending each event with `reply.sse.send()` (its
 * README, "Quick Start"). `--routes N`: N - 1 filler routes first, for the
 * start-up rows.
 */
const { mode, routes } = peerArgs();
const start = mainThreadMs();
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
if (mode === 'sse') {
  void app.register(fastifySSE);
  void app.after(() => {
    app.get('/events', { sse: true }, async (_request, reply) => {
      for (let i = 0; i < SSE_EVENTS; i++) await reply.sse.send({ data: sseData(i) });
    });
  });
} else {
  fillerPatterns(routes - 1).forEach((pattern, i) => app.get(pattern, async () => ({ i })));
  app.get<{ Params: { id: string } }>('/users/:id', async (request) => ({ id: request.params.id }));
}
void app.ready().then(async () => {
  const buildMs = mainThreadMs() - start; // main-thread CPU time, as timed() in serve.ts
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0, buildMs);
});
