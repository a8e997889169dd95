import { expect } from 'chai';
import { createSampleApp, sampleVersions } from '../../examples/app';
import { checkContract } from '../../src/testing';

/**
 * The sample's full check, as docs/testing.md's CI section runs it: no versioning and the
 * five schemes, every version, the default number of runs (100 per operation and version),
 * a fresh seed each time (a failure prints it). Run by .ci/suites/contract.sh, not by
 * `npm test` (test/testing/sample.test.ts runs the same with fewer runs and a fixed seed).
 */
describe('checkContract: the sample app, full check (default runs)', function () {
  this.timeout(300_000);
  const started = Date.now();
  after(() => console.log(`      the sample's full check took ${((Date.now() - started) / 1000).toFixed(1)} s`));

  for (const scheme of [undefined, 'url-path', 'namespace', 'query-parameter', 'accept-header', 'host-name']) {
    it(`passes ${scheme ?? 'without versioning'}`, async () => {
      const app = createSampleApp(scheme);
      const report = await checkContract(app);
      expect([...new Set(report.operations.map((each) => each.version))]).to.deep.equal(scheme ? sampleVersions : [null]);
      expect(report.operations.every((each) => each.requests >= 100)).to.equal(true);
    });
  }
});
