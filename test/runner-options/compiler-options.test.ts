import { expect } from 'chai';
import { join } from 'node:path';
import { checkProject, readRunnerOptions } from '../../src/runner-options';
import { errorsOf, project } from './project';

describe('runner-options/compiler-options (TypeScript is the authority)', () => {
  it('"stict" in the block is TS5025 at its JSON path (regression: 0 errors)', () => {
    const dir = project({ 'tsconfig.json': { 'ts-node': { compilerOptions: { stict: true } } } });
    const { errors } = checkProject(join(dir, 'tsconfig.json'));
    expect(errors.map((e) => [e.code, e.path, e.file])).to.deep.equal([['TS5025', '$["ts-node"].compilerOptions.stict', join(dir, 'tsconfig.json')]]);
    expect(errors[0].message).to.contain("Did you mean 'strict'?");
  });

  it('"strict": "true" and "target": "es2099" at the top level are TS5024 and TS6046 (regression: 0 errors)', () => {
    const dir = project({ 'tsconfig.json': { compilerOptions: { strict: 'true', target: 'es2099' } } });
    expect(errorsOf(dir)).to.have.deep.members([
      ['TS5024', '$.compilerOptions.strict'],
      ['TS6046', '$.compilerOptions.target'],
    ]);
  });

  it('a diagnostic in a base file names that file', () => {
    const dir = project({ 'base.json': { compilerOptions: { module: 'nope' } }, 'tsconfig.json': { extends: './base.json' } });
    const { errors } = checkProject(join(dir, 'tsconfig.json'));
    expect(errors.map((e) => [e.code, e.path, e.file])).to.deep.equal([['TS6046', '$.compilerOptions.module', join(dir, 'base.json')]]);
  });

  it('only the block in force is checked: a base block replaced by a child one is not', () => {
    const dir = project({ 'base.json': { 'ts-node': { compilerOptions: { stict: true } } }, 'tsconfig.json': { extends: './base.json', 'ts-node': { compilerOptions: { strict: true } } } });
    expect(errorsOf(dir)).to.deep.equal([]);
  });

  it('the effective target comes from the block over the chain, and ES5 when none is set', () => {
    const dir = project({ 'base.json': { compilerOptions: { target: 'es2019' } }, 'tsconfig.json': { extends: './base.json', 'ts-node': { compilerOptions: { target: 'ES2022' } } } });
    expect(readRunnerOptions(join(dir, 'tsconfig.json')).target).to.equal('es2022');
    expect(readRunnerOptions(join(dir, 'base.json')).target).to.equal('es2019');
    expect(readRunnerOptions(join(project({ 'tsconfig.json': {} }), 'tsconfig.json')).target).to.equal('es5');
  });
});
