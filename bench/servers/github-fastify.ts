import Fastify from 'fastify';
import { githubRoutes } from '../shared/github';
import { announce, args, mainThreadMs } from './serve';

/** The GitHub API set on fastify: as written, under `/:version`, or once under `/v1` and once under `/v2`. */
const { layout } = args();
const prefixes = layout === 'version' ? ['/:version'] : layout === 'namespace' ? ['/v1', '/v2'] : [''];
const start = mainThreadMs();
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
for (const prefix of prefixes) {
  githubRoutes().forEach((route, i) => {
    app.route({ method: route.method, url: prefix + route.pattern, handler: async () => ({ route: i }) });
  });
}
void app.ready().then(async () => {
  const buildMs = mainThreadMs() - start; // main-thread CPU time, as timed() in serve.ts
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0, buildMs);
});
