import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main';
import { project } from '../runner-options/project';

const root = join(__dirname, '..', '..');
const broken = 'test/fixtures/runner-options/broken/tsconfig.json';

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
    const dir = project({ 'tsconfig.json': { compilerOptions: { stict: true } } });
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'check-config', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    expect(result.status).to.equal(1);
    expect(result.stdout.trim().split('\n')).to.deep.equal([
      "error   tsconfig.json  $.compilerOptions.stict  Unknown compiler option 'stict'. Did you mean 'strict'? [TS5025]",
      '1 error, 0 warnings',
    ]);
  });

  it('prints a wrong value type as a problem with its JSON path, never a raw TypeError (regression)', () => {
    const dir = project({ 'tsconfig.json': { 'ts-node': { ignore: 'node_modules' } } });
    const out: string[] = [];
    const status = main(['check-config', join(dir, 'tsconfig.json')], { out: (t) => out.push(t), err: (t) => out.push(t) });
    expect(status).to.equal(1);
    expect(out.join('\n')).to.contain('$["ts-node"].ignore  must be an array, got string "node_modules" [INVALID_TYPE]').and.not.contain('TypeError');
  });
});
