import { expect } from 'chai';
import { join } from 'node:path';
import { checkProject, MAX_CHAIN, readRunnerOptions } from '../../src/runner-options';
import { errorsOf, project } from './project';

const base = { 'ts-node': { transpileOnly: true } };
const read = (dir: string, file = 'tsconfig.json') => readRunnerOptions(join(dir, file));

describe('runner-options/chain (extends, resolved as TypeScript resolves it)', () => {
  it('".\\\\base\\\\tsconfig.json" with Windows separators is found (regression: "not found")', () => {
    const dir = project({ 'base/tsconfig.json': base, 'tsconfig.json': { extends: '.\\base\\tsconfig.json' } });
    expect(read(dir).transpileOnly).to.equal(true);
  });

  it('a relative base without ".json" gets it added, and an absolute base is read', () => {
    const dir = project({ 'base.json': base, 'tsconfig.json': { extends: './base' } });
    expect(read(dir).transpileOnly).to.equal(true);
    const other = project({ 'tsconfig.json': { extends: join(dir, 'base.json') } });
    expect(read(other).transpileOnly).to.equal(true);
  });

  it("a package's tsconfig field is followed (regression: resolved differently)", () => {
    const dir = project({
      'node_modules/shared/package.json': { name: 'shared', tsconfig: './configs/strict.json' },
      'node_modules/shared/configs/strict.json': base,
      'tsconfig.json': { extends: 'shared' },
    });
    expect(read(dir).transpileOnly).to.equal(true);
  });

  it("a package's exports map pointing at JSON is followed (regression: resolved differently)", () => {
    const dir = project({
      'node_modules/shared/package.json': { name: 'shared', exports: { './node': './configs/node.json' } },
      'node_modules/shared/configs/node.json': base,
      'tsconfig.json': { extends: 'shared/node' },
    });
    expect(read(dir).transpileOnly).to.equal(true);
  });

  it("a package's main pointing at JSON is not a base, as for tsc and ts-node (regression: waymark followed it)", () => {
    const dir = project({
      'node_modules/shared/package.json': { name: 'shared', main: 'base.json' },
      'node_modules/shared/base.json': base,
      'tsconfig.json': { extends: 'shared' },
    });
    expect(errorsOf(dir)).to.deep.equal([['EXTENDS_NOT_FOUND', '$.extends']]);
    expect(read(project({ ...{ 'node_modules/shared/base.json': base }, 'tsconfig.json': { extends: 'shared/base.json' } })).transpileOnly).to.equal(true);
  });

  it('a base that is not found is EXTENDS_NOT_FOUND at $.extends', () => {
    expect(errorsOf(project({ 'tsconfig.json': { extends: './nope.json' } }))).to.deep.equal([['CANNOT_READ', '$']]);
    expect(errorsOf(project({ 'tsconfig.json': { extends: 'no-such-package' } }))).to.deep.equal([['EXTENDS_NOT_FOUND', '$.extends']]);
  });

  it('a cycle is EXTENDS_CYCLE naming the file that loops', () => {
    const dir = project({ 'a.json': { extends: './b.json' }, 'b.json': { extends: './a.json' }, 'tsconfig.json': { extends: './a.json' } });
    const [problem] = checkProject(join(dir, 'tsconfig.json')).errors;
    expect(problem).to.deep.include({ code: 'EXTENDS_CYCLE', file: join(dir, 'b.json') });
  });

  it('a chain of 5,000 files is EXTENDS_TOO_DEEP naming a file (regression: RangeError)', function () {
    this.timeout(60_000);
    const files: Record<string, object> = { 'tsconfig.json': { extends: './c1.json' } };
    for (let i = 1; i < 5000; i++) files[`c${i}.json`] = { extends: `./c${i + 1}.json` };
    files['c5000.json'] = {};
    const dir = project(files);
    const { errors } = checkProject(join(dir, 'tsconfig.json'));
    expect(errors.map((e) => e.code)).to.deep.equal(['EXTENDS_TOO_DEEP']);
    expect(errors[0].file).to.equal(join(dir, `c${MAX_CHAIN - 1}.json`));
  });

  it('an array extends is ARRAY_EXTENDS (ts-node 10.9.2 crashes on it)', () => {
    expect(errorsOf(project({ 'a.json': {}, 'tsconfig.json': { extends: ['./a.json'] } }))).to.deep.equal([['ARRAY_EXTENDS', '$.extends']]);
  });
});
