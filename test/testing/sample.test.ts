import { expect } from 'chai';
import { createSampleApp, sampleVersions } from '../../examples/app';
import { checkContract } from '../../src/testing';

/**
 * The sample app keeps every promise of its documents, under no versioning and each
 * scheme, every version. Fewer runs than the default keep `npm test` quick; the CI
 * suite .ci/suites/contract.sh runs `waymark check-contract` with the default.
 */
describe('checkContract: the sample app (examples/)', () => {
  for (const scheme of [undefined, 'url-path', 'namespace', 'query-parameter', 'accept-header', 'host-name']) {
    it(`passes ${scheme ?? 'without versioning'}${scheme ? ', every version' : ''}`, async () => {
      const report = await checkContract(createSampleApp(scheme), { runs: 8, seed: 11 });
      const versions = [...new Set(report.operations.map((each) => each.version))];
      expect(versions).to.deep.equal(scheme ? sampleVersions : [null]);
      const detail = report.operations.find((each) => each.route.endsWith('users-detail') && each.version === (scheme ? 'v3' : null));
      // Reached through users-create's answers: a user that exists, and one that does not.
      expect(detail?.statuses).to.include.members([200, 404]);
    });
  }
});
