import { expect } from 'chai';
import { EXCEPTIONS } from './differential/compare';
import { differential } from './differential/run';

/**
 * waymark's reading of the "ts-node" block held against ts-node 10.9.2 and TypeScript themselves:
 * generated projects on disk, each read by ts-node in a child process and by
 * `checkProject`, compared on failure, effective options, resolved paths and isIgnored /
 * moduleTypeOf over many paths, and every diagnostic tsc reports on the project file must be among
 * waymark's errors (docs/reference/runner-options.md#compiler-options). Every difference is one of the named EXCEPTIONS or fails.
 * `npm test` runs a quick subset; `npm run test:tsnode` (and .ci/suites/tsnode.sh) runs more.
 */
describe('runner-options: differential against ts-node 10.9.2 and TypeScript', function () {
  const count = Number(process.env.TSNODE_PROJECTS ?? 250);
  const seeds = (process.env.TSNODE_SEEDS ?? '20261124').split(',').map(Number);
  this.timeout(300_000 + count * seeds.length * 1_000);

  for (const seed of seeds) {
    it(`agrees on ${count} generated projects (seed ${seed}) but for the named exceptions`, () => {
      const report = differential(count, seed);
      const exceptions = Object.entries(report.exceptions).map(([name, n]) => `${name}: ${n}`).join(', ');
      console.log(`      ${report.agree} agree, ${report.unexplained.length} unexplained; ${report.projects} projects, ${report.compared} compared option by option (${report.probes} isIgnored/moduleTypeOf checks), ${report.identical} identical; named exceptions: ${exceptions}`);
      const shown = report.unexplained.slice(0, 5).map((u) => `#${u.spec.id} ${u.spec.notes.join(' | ')}\n    ${u.differences.slice(0, 4).join('\n    ')}`);
      expect(report.unexplained.length, `unexplained differences:\n${shown.join('\n')}`).to.equal(0);
      for (const name of Object.keys(report.exceptions)) expect(EXCEPTIONS).to.have.property(name);
      // Most projects must get past both readers, or the comparison says little.
      expect(report.compared).to.be.at.least(report.projects * 0.3);
      expect(report.identical).to.be.at.least(report.projects * 0.2);
    });
  }
});
