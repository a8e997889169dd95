import { expect } from 'chai';
import { join } from 'node:path';
import { readRunnerOptions } from '../../src/runner-options';
import { project } from './project';

describe('runner-options/paths (moduleTypes as ts-node matches them)', () => {
  it('a key ending in "/" matches everything beneath it (regression: never matched)', () => {
    const dir = project({ 'tsconfig.json': { 'ts-node': { moduleTypes: { 'src/esm/': 'esm' } } } });
    const options = readRunnerOptions(join(dir, 'tsconfig.json'));
    expect(options.moduleTypeOf(join(dir, 'src/esm/a.ts'))).to.equal('esm');
    expect(options.moduleTypeOf(join(dir, 'src/esm/deep/a.ts'))).to.equal('esm');
    expect(options.moduleTypeOf(join(dir, 'src/esmx/a.ts'))).to.equal('package');
  });

  it('an absolute key matches where it points, not under the tsconfig directory (regression: never matched)', () => {
    const elsewhere = project({});
    const dir = project({ 'tsconfig.json': { 'ts-node': { moduleTypes: { [join(elsewhere, 'lib')]: 'cjs' } } } });
    const options = readRunnerOptions(join(dir, 'tsconfig.json'));
    expect(options.moduleTypeOf(join(elsewhere, 'lib/a.ts'))).to.equal('cjs');
    expect(options.moduleTypeOf(join(dir, 'lib/a.ts'))).to.equal('package');
  });

  it('a key with Windows separators and an empty key', () => {
    const dir = project({ 'tsconfig.json': { 'ts-node': { moduleTypes: { '': 'cjs', 'src\\esm': 'esm' } } } });
    const options = readRunnerOptions(join(dir, 'tsconfig.json'));
    expect(options.moduleTypeOf(join(dir, 'src/esm/a.ts'))).to.equal('esm');
    expect(options.moduleTypeOf(join(dir, 'anything.ts'))).to.equal('cjs');
  });
});
