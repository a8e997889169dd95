import { expect } from 'chai';
import fc from 'fast-check';
import { linksKeepHost, Servers } from './app';
import { surfaces } from './surfaces';

/**
 * docs/reference/hostile-input.md: for random hostile values on every input surface, the
 * answer is below 500, every link in a 200 parses and keeps the request's
 * host, and nothing is thrown. Valid-ish inputs of each surface must reach
 * the handler (200), counted against a floor, so a server that refuses
 * everything fails. The leak half (10,000 requests, heap after GC) is
 * leak.hostile.ts, run with --expose-gc by `npm run test:leak`.
 */
describe('reliability: hostile input per surface', function () {
  this.timeout(120_000);
  const servers = new Servers();
  const thrown: unknown[] = [];
  const onThrow = (error: unknown) => thrown.push(error);

  before(async () => {
    process.on('uncaughtException', onThrow).on('unhandledRejection', onThrow);
    await servers.start();
  });

  after(() => {
    servers.stop();
    process.off('uncaughtException', onThrow).off('unhandledRejection', onThrow);
  });

  for (const surface of surfaces) {
    it(`${surface.name}: < 500, links parse and keep the host, valid-ish inputs answered 200`, async () => {
      let validish = 0;
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(surface.input, async ({ scheme, sent, validish: expectOk }) => {
          const received = await servers.send(scheme, sent);
          expect(received.status, JSON.stringify(sent)).to.be.below(500);
          if (received.status === 200) expect(linksKeepHost(received, sent), JSON.stringify({ sent, received })).to.equal(true);
          if (expectOk) {
            validish++;
            if (received.status === 200) answered++;
          }
        }),
        { numRuns: 300, seed: 12 },
      );
      expect(answered, `${answered} of ${validish} valid-ish inputs answered 200`).to.equal(validish);
      expect(answered).to.be.at.least(60);
      expect(servers.errors).to.deep.equal([]);
      expect(thrown).to.deep.equal([]);
    });
  }
});
