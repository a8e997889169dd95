import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { closeGracefully } from '../src';
import { createSampleApp } from './app';

/**
 * The sample API on several processes with node:cluster: the primary forks
 * `WORKERS` workers (default one per CPU) that share one port, replaces a worker
 * that dies, and on SIGTERM or SIGINT lets each finish its requests and stops.
 * waymark keeps nothing in the process between requests, so any worker can
 * answer any request; what must be shared (sessions, data) belongs in a
 * database. (The sample's users live in memory, so each worker has its own.)
 *
 *   WORKERS=4 node -r ts-node/register examples/cluster.ts
 *
 * A process manager does the same from outside: `pm2 start dist/server.js -i max`.
 */
if (cluster.isPrimary) {
  const workers = Number(process.env.WORKERS ?? availableParallelism());
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.log(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      // The primary holds no server of its own: it exits when the last worker has.
    });
  }
} else {
  const app = createSampleApp();
  // Only so you (and test/examples.test.ts) can see which process answered.
  app.use(async (ctx, next) => {
    ctx.set('X-Worker', String(process.pid));
    await next();
  });
  const server = app.listen(Number(process.env.PORT ?? 3000), () => {
    const address = server.address();
    console.log(`worker ${process.pid} listening on http://localhost:${typeof address === 'object' && address ? address.port : ''}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void closeGracefully(server).then(() => process.exit(0)));
  }
}
