import { expect } from 'chai';
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { Servers, uploadDirectory } from './app';
import { surfaces } from './surfaces';

/**
 * 10,000 hostile and valid-ish requests over every surface and scheme (uploads
 * included, whose temporary directory must be empty at the end): heap
 * after GC at the end stays within 1.2x of heap after GC once warmed up, and
 * nothing is thrown. Needs `global.gc`: run by `npm run test:leak`
 * (node --expose-gc, its own mocha invocation; .ci/suites/hostile-leak.sh).
 */
const gc = (globalThis as { gc?: () => void }).gc;

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe('reliability: hostile input does not leak', function () {
  this.timeout(600_000);

  it('heap after GC over 10,000 requests stays within 1.2x of warm-up, and nothing throws', async () => {
    expect(gc, 'run with node --expose-gc (npm run test:leak)').to.be.a('function');
    const servers = await new Servers().start();
    const thrown: unknown[] = [];
    const onThrow = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onThrow).on('unhandledRejection', onThrow);
    const inputs = fc.sample(fc.oneof(...surfaces.map((surface) => surface.input)), { seed: 99, numRuns: 2_000 });
    const run = async (count: number) => {
      const statuses = new Map<number, number>();
      for (let start = 0; start < count; start += 50) {
        const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => inputs[(start + i) % inputs.length]);
        const received = await Promise.all(batch.map(({ scheme, sent }) => servers.send(scheme, sent)));
        for (const { status } of received) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      return statuses;
    };
    try {
      await run(2_000);
      const warm = await heapAfterGc();
      const statuses = await run(10_000);
      const end = await heapAfterGc();
      const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
      console.log(`      heap after GC: warm-up ${mib(warm)}, after 10,000 requests ${mib(end)} (x${(end / warm).toFixed(2)}); statuses ${JSON.stringify([...statuses].sort())}`);
      expect([...statuses.keys()].filter((status) => status >= 500)).to.deep.equal([]);
      expect(statuses.get(200) ?? 0).to.be.at.least(2_000);
      expect(end).to.be.at.most(warm * 1.2);
      expect(servers.errors).to.deep.equal([]);
      expect(thrown).to.deep.equal([]);
      // Every upload's temporary file went with its response (they are removed on the response's close event).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(readdirSync(uploadDirectory)).to.deep.equal([]);
    } finally {
      servers.stop();
      process.off('uncaughtException', onThrow).off('unhandledRejection', onThrow);
    }
  });
});
