import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { checkProject, readRunnerOptions, RunnerOptionsError } from '../../src/runner-options';
import { errorsOf, project } from './project';
import { rawSchema } from './raw-schema';

const root = join(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'runner-options');

function problemsOf(path: string) {
  try {
    readRunnerOptions(path);
  } catch (error) {
    expect(error).to.be.instanceOf(RunnerOptionsError);
    return (error as RunnerOptionsError).errors;
  }
  throw new Error('expected RunnerOptionsError');
}

describe('runner-options/read', () => {
  describe('an extends chain', () => {
    const options = readRunnerOptions(join(fixtures, 'chain/app/tsconfig.json'));

    it('merges per key, the last writer winning, and null resetting to the default', () => {
      expect(options.transpileOnly).to.equal(true);
      expect(options.pretty).to.equal(true);
      expect(options.logError).to.equal(false);
      expect(options.ignore).to.deep.equal(['(?:^|/)node_modules/', '^generated/']);
    });

    it('resolves paths from the file that declares them', () => {
      expect(options.require).to.deep.equal([join(fixtures, 'chain/base/preload/setup.js')]);
      expect(options.scopeDir).to.equal(join(fixtures, 'chain/base/scoped'));
      expect(options.moduleTypeOf(join(fixtures, 'chain/base/legacy/a.ts'))).to.equal('cjs');
      expect(options.moduleTypeOf(join(fixtures, 'chain/app/legacy/a.ts'))).to.equal('package');
    });

    it('applies the documented defaults (docs/reference/runner-options.md#defaults) and the effective target', () => {
      expect(options).to.deep.include({ compilerHost: false, emit: false, files: false, preferTsExts: false, scope: false, skipIgnore: false, typeCheck: true, target: 'es2020' });
      expect(options.compiler).to.equal(require.resolve('typescript'));
      expect(options.experimentalReplAwait).to.equal(true);
      expect(options.configFile).to.equal(join(fixtures, 'chain/app/tsconfig.json'));
    });

    it('ignores on POSIX paths relative to the root tsconfig directory', () => {
      expect(options.isIgnored(join(fixtures, 'chain/app/node_modules/x/index.ts'))).to.equal(true);
      expect(options.isIgnored('generated/api.ts')).to.equal(true);
      expect(options.isIgnored('src/generated/api.ts')).to.equal(false);
      expect(options.isIgnored('src/my_node_modules/x.ts')).to.equal(false);
      expect(options.isIgnored('../node_modules/x.ts')).to.equal(true);
    });
  });

  describe('scope and moduleTypes', () => {
    const options = readRunnerOptions(join(fixtures, 'scope-root/tsconfig.json'));
    const at = (path: string) => join(fixtures, 'scope-root', path);

    it('defaults scopeDir to compilerOptions.rootDir, then the tsconfig directory', () => {
      expect(options.scopeDir).to.equal(at('src'));
      expect(readRunnerOptions(join(fixtures, 'chain/base/tsconfig.base.json')).scopeDir).to.equal(join(fixtures, 'chain/base/scoped'));
      expect(readRunnerOptions(join(fixtures, 'repl/tsconfig.target.json')).scopeDir).to.equal(join(fixtures, 'repl'));
    });

    it('with scope, ignores files outside scopeDir', () => {
      expect(options.isIgnored(at('src/index.ts'))).to.equal(false);
      expect(options.isIgnored(at('other/index.ts'))).to.equal(true);
      expect(options.isIgnored(at('src/.config/x.ts'))).to.equal(true);
    });

    it('lets the last matching moduleTypes pattern win, with implicit /**/* on directories', () => {
      expect(options.moduleTypeOf(at('src/index.ts'))).to.equal('esm');
      expect(options.moduleTypeOf(at('src/cjs-subdir/deep/x.ts'))).to.equal('cjs');
      expect(options.moduleTypeOf(at('src/esm/back/x.ts'))).to.equal('package');
      expect(options.moduleTypeOf(at('webpack.config.ts'))).to.equal('cjs');
      expect(options.moduleTypeOf(at('src/.hidden/x.ts'))).to.equal('esm');
      expect(options.moduleTypeOf(at('tools/x.ts'))).to.equal('package');
    });
  });

  describe('experimentalReplAwait against the effective target', () => {
    it('is fine with an inherited es2018 target', () => {
      expect(readRunnerOptions(join(fixtures, 'repl/tsconfig.json')).experimentalReplAwait).to.equal(true);
    });

    it('is an error with no target (ts-node assumes ES5)', () => {
      const [problem] = problemsOf(join(fixtures, 'repl/tsconfig.low.json'));
      expect(problem).to.deep.include({ code: 'REPL_AWAIT_TARGET', path: '$["ts-node"].experimentalReplAwait' });
    });

    it('is off, not an error, when unset and the target is low', () => {
      expect(readRunnerOptions(join(fixtures, 'chain/base/tsconfig.base.json')).experimentalReplAwait).to.equal(false);
    });
  });

  it('lists every problem of a broken project, each with its file and JSON path', () => {
    const { errors, warnings } = checkProject(join(fixtures, 'broken/tsconfig.json'));
    expect(errors.map((e) => [e.code, e.path])).to.have.deep.members([
      ['INVALID_VALUE', '$["ts-node"].moduleTypes["**/*.cts"]'],
      ['INVALID_IGNORE_PATTERN', '$["ts-node"].ignore[0]'],
      ['TRANSPILER_WITHOUT_TRANSPILE_ONLY', '$["ts-node"].transpiler'],
      ['REQUIRE_NOT_FOUND', '$["ts-node"].require[0]'],
    ]);
    expect(warnings.map((w) => w.code)).to.have.members(['UNKNOWN_OPTION', 'NON_NUMERIC_DIAGNOSTIC']);
    for (const problem of [...errors, ...warnings]) expect(problem.file).to.equal(join(fixtures, 'broken/tsconfig.json'));
  });

  it('reports a require entry that does not resolve, array extends, bad JSON and a missing file', () => {
    const withRequire = checkProject(join(fixtures, 'broken/tsconfig.json'));
    expect(withRequire.options).to.equal(null);
    expect(problemsOf(join(fixtures, 'broken/tsconfig.array.json')).map((e) => e.code)).to.deep.equal(['ARRAY_EXTENDS']);
    expect(problemsOf(join(fixtures, 'broken/tsconfig.syntax.json')).map((e) => e.code)).to.deep.equal(['INVALID_JSON']);
    expect(problemsOf(join(fixtures, 'nope/tsconfig.json')).map((e) => e.code)).to.deep.equal(['CANNOT_READ']);
  });

  describe("the project's own tsconfig.json", () => {
    const path = join(root, 'tsconfig.json');

    it('points at schema/tsconfig.schema.json and passes it (raw ajv on the schema files)', () => {
      const project = parse(readFileSync(path, 'utf8'));
      expect(project.$schema).to.equal('./schema/tsconfig.schema.json');
      const validate = rawSchema('tsconfig.schema.json');
      expect(validate(project), JSON.stringify(validate.errors)).to.equal(true);
      expect(validate({ ...project, 'ts-node': { transpileOnly: 'yes' } })).to.equal(false);
    });

    it('has a ts-node block the validator accepts, and it is what runs the tests', () => {
      const options = readRunnerOptions(path);
      expect(options.warnings).to.deep.equal([]);
      expect(options.transpileOnly).to.equal(true);
      expect(options.isIgnored(join(root, 'test/runner-options/read.test.ts'))).to.equal(false);
    });
  });
});

describe('runner-options/read: the block itself', () => {
  it('a block that is not an object is INVALID_TYPE, as the schema says (regression: silently ignored after the split); null is no block', () => {
    for (const value of [true, 'x', []]) expect(errorsOf(project({ 'tsconfig.json': { 'ts-node': value } }))).to.deep.equal([['INVALID_TYPE', '$["ts-node"]']]);
    expect(errorsOf(project({ 'tsconfig.json': { 'ts-node': null } }))).to.deep.equal([]);
  });
});
