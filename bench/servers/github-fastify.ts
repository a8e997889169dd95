import Fastify, { type FastifyInstance } from 'fastify';
import { githubRoutes } from '../shared/github';
import { announce, args, mainThreadMs } from './serve';

/**
 * The GitHub API set on fastify: as written, under `/:version`, or once under
 * `/v1` and once under `/v2` as Fastify's docs teach versions in the URL: the
 * routes in a plugin registered with a `prefix` (Reference › Routes, "Route
 * Prefixing").
 */
const { layout } = args();
const start = mainThreadMs();
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
const routes = (into: FastifyInstance, prefix = '') =>
  githubRoutes().forEach((route, i) => {
    into.route({ method: route.method, url: prefix + route.pattern, handler: async () => ({ route: i }) });
  });
if (layout === 'namespace') for (const prefix of ['/v1', '/v2']) void app.register(async (api) => routes(api), { prefix });
else routes(app, layout === 'version' ? '/:version' : '');
void app.ready().then(async () => {
  const buildMs = mainThreadMs() - start; // main-thread CPU time, as timed() in serve.ts
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0, buildMs);
});
