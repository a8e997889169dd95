import { expect } from 'chai';
import { join } from 'node:path';
import { checkProject, readRunnerOptions } from '../../src/runner-options';
import { errorsOf, project } from './project';

const read = (dir: string) => readRunnerOptions(join(dir, 'tsconfig.json'));
const block = (options: object) => project({ 'tsconfig.json': { 'ts-node': options } });

describe('runner-options/resolve (the options in force)', () => {
  describe('wrong value types are problems with a JSON path, never a raw TypeError (regression)', () => {
    for (const [name, options, path] of [
      ['ignore as a string', { ignore: 'node_modules' }, '$["ts-node"].ignore'],
      ['require as a string', { require: './setup' }, '$["ts-node"].require'],
      ['transpiler as a number', { transpileOnly: true, transpiler: 5 }, '$["ts-node"].transpiler'],
      ['moduleTypes as an array', { moduleTypes: ['cjs'] }, '$["ts-node"].moduleTypes'],
      ['scopeDir as a boolean', { scope: true, scopeDir: true }, '$["ts-node"].scopeDir'],
      ['ignoreDiagnostics as a number', { ignoreDiagnostics: 2307 }, '$["ts-node"].ignoreDiagnostics'],
    ] as const) {
      it(name, () => {
        const { errors } = checkProject(join(block(options), 'tsconfig.json'));
        expect(errors.map((e) => e.path)).to.include(path);
        expect(errors.every((e) => /^[A-Z_]+$|^TS\d+$/.test(e.code))).to.equal(true);
      });
    }
  });

  it('readRunnerOptions(...).warnings carries the warnings check-config prints (regression: always [])', () => {
    const dir = block({ transpileonly: true, ignoreDiagnostics: ['TS2307'] });
    const options = read(dir);
    expect(options.warnings.map((w) => w.code)).to.have.members(['UNKNOWN_OPTION', 'NON_NUMERIC_DIAGNOSTIC']);
    expect(options.warnings).to.deep.equal(checkProject(join(dir, 'tsconfig.json')).warnings);
  });

  it('swc: true without @swc/core is SWC_NOT_FOUND (regression: valid)', () => {
    expect(errorsOf(block({ swc: true }))).to.deep.equal([['SWC_NOT_FOUND', '$["ts-node"].swc']]);
  });

  it('swc with typeCheck: true is SWC_WITH_TYPE_CHECK (regression: valid)', () => {
    expect(errorsOf(block({ swc: true, typeCheck: true }))).to.deep.equal([['SWC_WITH_TYPE_CHECK', '$["ts-node"].swc']]);
  });

  it('swc finds @swc/core from the declaring file', () => {
    const dir = project({ 'node_modules/@swc/core/package.json': { name: '@swc/core', main: 'index.js' }, 'node_modules/@swc/core/index.js': '', 'tsconfig.json': { 'ts-node': { swc: true } } });
    expect(read(dir).transpileOnly).to.equal(false);
    expect(errorsOf(dir)).to.deep.equal([]);
  });

  it('a transpiler or compiler that does not resolve is an error (regression: a warning)', () => {
    expect(errorsOf(block({ transpileOnly: true, transpiler: 'no-such-transpiler' }))).to.deep.equal([['TRANSPILER_NOT_FOUND', '$["ts-node"].transpiler']]);
    expect(errorsOf(block({ transpileOnly: true, transpiler: ['no-such-transpiler', {}] }))).to.deep.equal([['TRANSPILER_NOT_FOUND', '$["ts-node"].transpiler[0]']]);
    expect(errorsOf(block({ compiler: 'no-such-compiler' }))).to.deep.equal([['COMPILER_NOT_FOUND', '$["ts-node"].compiler']]);
  });

  it("ts-node's swc transpiler named as the transpiler needs its backend, as ts-node does at start-up (regression: valid)", () => {
    const swc = ['ts-node/transpilers/swc', { swc: '@swc/core' }];
    expect(errorsOf(block({ transpileOnly: true, transpiler: swc }))).to.deep.equal([['SWC_NOT_FOUND', '$["ts-node"].transpiler[1].swc']]);
    expect(errorsOf(block({ transpileOnly: true, transpiler: ['ts-node/transpilers/swc', {}] }))).to.deep.equal([['SWC_NOT_FOUND', '$["ts-node"].transpiler']]);
    expect(errorsOf(block({ transpileOnly: true, transpiler: 'ts-node/transpilers/swc-experimental' }))).to.deep.equal([['SWC_NOT_FOUND', '$["ts-node"].transpiler']]);
    // The backend resolves from the file that declares the transpiler.
    const dir = project({
      'base/node_modules/my-swc/index.js': '',
      'base/tsconfig.json': { 'ts-node': { transpileOnly: true, transpiler: ['ts-node/transpilers/swc', { swc: 'my-swc' }] } },
      'tsconfig.json': { extends: './base/tsconfig.json' },
    });
    expect(errorsOf(dir)).to.deep.equal([]);
    const elsewhere = project({
      'shared/tsconfig.json': { 'ts-node': { transpileOnly: true, transpiler: ['ts-node/transpilers/swc', { swc: 'my-swc' }] } },
      'app/tsconfig.json': { extends: '../shared/tsconfig.json' },
      'app/node_modules/my-swc/index.js': '',
    });
    expect(errorsOf(elsewhere, 'app/tsconfig.json')).to.deep.equal([['SWC_NOT_FOUND', '$["ts-node"].transpiler[1].swc']]);
  });

  it('compiler and transpiler resolve from the declaring file, then from ts-node', () => {
    const dir = project({
      'base/node_modules/my-ts/index.js': '',
      'base/node_modules/@swc/wasm/package.json': { name: '@swc/wasm' },
      'base/node_modules/@swc/wasm/index.js': '',
      'base/tsconfig.json': { 'ts-node': { compiler: 'my-ts', transpileOnly: true, transpiler: 'ts-node/transpilers/swc' } },
      'tsconfig.json': { extends: './base/tsconfig.json' },
    });
    const options = read(dir);
    expect(options.compiler).to.equal(join(dir, 'base/node_modules/my-ts/index.js'));
    expect(options.transpiler).to.match(/ts-node[/\\]transpilers[/\\]swc\.js$/);
  });

  it("a base layer's unresolvable require reset by a child's null is an error (regression: silent)", () => {
    const dir = project({ 'base.json': { 'ts-node': { require: ['./missing'] } }, 'tsconfig.json': { extends: './base.json', 'ts-node': { require: null } } });
    const { errors } = checkProject(join(dir, 'tsconfig.json'));
    expect(errors.map((e) => [e.code, e.path, e.file])).to.deep.equal([['REQUIRE_NOT_FOUND', '$["ts-node"].require[0]', join(dir, 'base.json')]]);
  });

  it("scope with the block's compilerOptions.rootDir scopes to that rootDir (regression: the tsconfig directory)", () => {
    const dir = block({ scope: true, compilerOptions: { rootDir: 'src' } });
    const options = read(dir);
    expect(options.scopeDir).to.equal(join(dir, 'src'));
    expect(options.isIgnored(join(dir, 'src/a.ts'))).to.equal(false);
    expect(options.isIgnored(join(dir, 'lib/a.ts'))).to.equal(true);
  });

  it('an empty scopeDir is an EMPTY_SCOPE_DIR warning naming the file that sets it', () => {
    expect(read(block({ scope: true, scopeDir: '' })).warnings.map((w) => [w.code, w.path])).to.deep.equal([['EMPTY_SCOPE_DIR', '$["ts-node"].scopeDir']]);
    const dir = project({ 'base.json': { 'ts-node': { scopeDir: '' } }, 'tsconfig.json': { extends: './base.json' } });
    expect(read(dir).warnings.map((w) => w.file)).to.deep.equal([join(dir, 'base.json')]);
  });
});
