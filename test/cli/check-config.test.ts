import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main';
import { checkProject } from '../../src/runner-options';
import { project } from '../runner-options/project';

const root = join(__dirname, '..', '..');
const broken = 'test/fixtures/runner-options/broken/tsconfig.json';
const DECORATORS = { experimentalDecorators: true, emitDecoratorMetadata: true };

describe('cli/check-config', function () {
  // Two tests start the waymark binary (ts-node and TypeScript load first): slow on a busy machine.
  this.timeout(60_000);

  it('prints every problem of a broken project and exits 1 (the waymark binary)', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'check-config', broken], { cwd: root, encoding: 'utf8' });
    expect(result.status).to.equal(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).to.include(`error   ${broken}  $["ts-node"].ignore[0]  is not a valid regular expression: Invalid regular expression: /(unclosed/: Unterminated group [INVALID_IGNORE_PATTERN]`);
    expect(lines).to.include(`warning ${broken}  $["ts-node"].transpileonly  "transpileonly" is not a ts-node option; ts-node ignores it (suggestion: transpileOnly) [UNKNOWN_OPTION]`);
    expect(lines.filter((line) => line.startsWith('error'))).to.have.length(4);
    expect(lines[lines.length - 1]).to.equal('4 errors, 2 warnings');
  });

  it('prints JSON with --json', () => {
    const out: string[] = [];
    const status = main(['check-config', join(root, broken), '--json'], { out: (t) => out.push(t), err: () => undefined });
    const report = JSON.parse(out.join('\n'));
    expect(status).to.equal(1);
    expect(report.valid).to.equal(false);
    expect(report.errors.map((e: { code: string }) => e.code)).to.include('REQUIRE_NOT_FOUND');
  });

  it("exits 0 on the project's own tsconfig.json", () => {
    const out: string[] = [];
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(main(['check-config'], { out: (t) => out.push(t), err: () => undefined })).to.equal(0);
    } finally {
      process.chdir(cwd);
    }
    expect(out).to.deep.equal(['0 errors, 0 warnings']);
  });

  it('exits 1 with TypeScript\'s code and the JSON path for a top-level compilerOptions typo', () => {
    const dir = project({ 'tsconfig.json': { compilerOptions: { stict: true, ...DECORATORS } } });
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'check-config', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    expect(result.status).to.equal(1);
    expect(result.stdout.trim().split('\n')).to.deep.equal([
      "error   tsconfig.json  $.compilerOptions.stict  Unknown compiler option 'stict'. Did you mean 'strict'? [TS5025]",
      '1 error, 0 warnings',
    ]);
  });

  it('prints a wrong value type as a problem with its JSON path, never a raw TypeError (regression)', () => {
    const dir = project({ 'tsconfig.json': { compilerOptions: DECORATORS, 'ts-node': { ignore: 'node_modules' } } });
    const out: string[] = [];
    const status = main(['check-config', join(dir, 'tsconfig.json')], { out: (t) => out.push(t), err: (t) => out.push(t) });
    expect(status).to.equal(1);
    expect(out.join('\n')).to.contain('$["ts-node"].ignore  must be an array, got string "node_modules" [INVALID_TYPE]').and.not.contain('TypeError');
  });

  describe('what waymark\'s decorators need', () => {
    const check = (files: Record<string, object>) => {
      const out: string[] = [];
      const dir = project(files);
      const status = main(['check-config', join(dir, 'tsconfig.json'), '--json'], { out: (t) => out.push(t), err: () => undefined });
      const { errors, warnings } = JSON.parse(out.join('\n')) as Record<'errors' | 'warnings', { code: string; path: string; file: string; suggestion?: string }[]>;
      const brief = (p: { code: string; path: string; file: string; suggestion?: string }) => [p.code, p.file.slice(dir.length + 1), p.path, p.suggestion];
      return { status, errors: errors.map(brief), warnings: warnings.map(brief) };
    };

    it('neither option: experimentalDecorators is an error, emitDecoratorMetadata a warning, each with the fix', () => {
      expect(check({ 'tsconfig.json': { compilerOptions: { strict: true } } })).to.deep.equal({
        status: 1,
        errors: [['DECORATORS_DISABLED', 'tsconfig.json', '$.compilerOptions', '"experimentalDecorators": true']],
        warnings: [['DECORATOR_METADATA_DISABLED', 'tsconfig.json', '$.compilerOptions', '"emitDecoratorMetadata": true']],
      });
    });

    it("emitDecoratorMetadata without experimentalDecorators is tsc's TS5052", () => {
      expect(check({ 'tsconfig.json': { compilerOptions: { emitDecoratorMetadata: true } } })).to.deep.equal({
        status: 1,
        errors: [['TS5052', 'tsconfig.json', '$.compilerOptions', '"experimentalDecorators": true']],
        warnings: [],
      });
    });

    it('only metadata missing: a warning, exit 0 (an app whose parameters name their types runs)', () => {
      expect(check({ 'tsconfig.json': { compilerOptions: { experimentalDecorators: true } } })).to.deep.equal({
        status: 0,
        errors: [],
        warnings: [['DECORATOR_METADATA_DISABLED', 'tsconfig.json', '$.compilerOptions', '"emitDecoratorMetadata": true']],
      });
    });

    it('follows extends: options set in a base file count, and one turned off there is reported', () => {
      expect(check({ 'base.json': { compilerOptions: DECORATORS }, 'tsconfig.json': { extends: './base.json' } })).to.deep.include({ status: 0, errors: [], warnings: [] });
      expect(check({ 'base.json': { compilerOptions: DECORATORS }, 'tsconfig.json': { extends: './base.json', compilerOptions: { experimentalDecorators: false } } }).errors).to.deep.equal([
        ['TS5052', 'tsconfig.json', '$.compilerOptions', '"experimentalDecorators": true'],
      ]);
    });

    it('a "ts-node" block that turns one off, in the file that declares it, beside the block\'s other problems', () => {
      const result = check({
        'base.json': { 'ts-node': { compilerOptions: { experimentalDecorators: false, emitDecoratorMetadata: false } } },
        'tsconfig.json': { extends: './base.json', compilerOptions: DECORATORS, 'ts-node': { transpileonly: true } },
      });
      expect(result).to.deep.equal({
        status: 1,
        errors: [['DECORATORS_DISABLED', 'base.json', '$["ts-node"].compilerOptions.experimentalDecorators', '"experimentalDecorators": true']],
        warnings: [
          ['UNKNOWN_OPTION', 'tsconfig.json', '$["ts-node"].transpileonly', 'transpileOnly'],
          ['DECORATOR_METADATA_DISABLED', 'base.json', '$["ts-node"].compilerOptions.emitDecoratorMetadata', '"emitDecoratorMetadata": true'],
        ],
      });
    });

    it("the traps of a new project, judged with the repository's TypeScript 5: native decorators stand for DECORATORS_DISABLED; verbatimModuleSyntax with CommonJS", () => {
      expect(check({ 'tsconfig.json': { compilerOptions: { target: 'esnext', emitDecoratorMetadata: false } } }).errors).to.deep.equal([
        ['NATIVE_DECORATORS', 'tsconfig.json', '$.compilerOptions.target', '"experimentalDecorators": true'],
      ]);
      expect(check({ 'tsconfig.json': { compilerOptions: { ...DECORATORS, module: 'commonjs', verbatimModuleSyntax: true } } })).to.deep.equal({
        status: 1,
        errors: [['VERBATIM_MODULE_SYNTAX_COMMONJS', 'tsconfig.json', '$.compilerOptions.verbatimModuleSyntax', 'remove "verbatimModuleSyntax"']],
        warnings: [],
      });
    });

    it("reports the program's option diagnostics, as tsc -p does (TS5053: two options that exclude each other)", () => {
      expect(check({ 'tsconfig.json': { compilerOptions: { ...DECORATORS, sourceMap: true, inlineSourceMap: true } } }).errors.map(([code, , path]) => [code, path])).to.deep.equal([
        ['TS5053', '$.compilerOptions.sourceMap'],
        ['TS5053', '$.compilerOptions.inlineSourceMap'],
      ]);
    });

    it('readRunnerOptions, which is about ts-node alone, does not ask for them', () => {
      const dir = project({ 'tsconfig.json': { compilerOptions: { strict: true } } });
      expect(checkProject(join(dir, 'tsconfig.json')).errors).to.deep.equal([]);
    });
  });
});
