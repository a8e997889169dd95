import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main';

const root = join(__dirname, '..', '..');
const broken = 'test/fixtures/runner-options/broken/tsconfig.json';

describe('cli/check-config', () => {
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
});
