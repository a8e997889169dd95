import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './run';

describe('cli/main', () => {
  it('--help prints every command on stdout and exits 0 (the waymark binary)', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), '--help'], { cwd: root, encoding: 'utf8' });
    expect([result.status, result.stderr]).to.deep.equal([0, '']);
    expect(result.stdout).to.match(/^usage: waymark <command>/);
    expect(result.stdout).to.contain('waymark routes <module> [--json] [--media]').and.contain('waymark check-config [tsconfig.json] [--json]');
    for (const flag of ['-h', 'help']) expect(run([flag])).to.deep.include({ status: 0, err: '' });
  });

  it('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(run(['--version'])).to.deep.equal({ status: 0, out: version, err: '' });
    expect(run(['-v']).out).to.equal(version);
  });

  it('an unknown command is named as unknown, with the list, and exits 2', () => {
    const { status, out, err } = run(['rotues', 'app.ts']);
    expect([status, out]).to.deep.equal([2, '']);
    expect(err).to.equal("waymark: unknown command 'rotues'. Commands: routes, check-config, types, openapi, client, changelog, check-contract (waymark --help).");
    expect(run(['__proto__']).status).to.equal(2);
  });

  it('no command prints the help on stderr and exits 2', () => {
    const { status, out, err } = run([]);
    expect([status, out]).to.deep.equal([2, '']);
    expect(err).to.match(/^usage: waymark <command>/);
  });

  it("a command's --help is its usage on stdout; an unknown option or a wrong count is a usage error (2)", () => {
    expect(run(['routes', '--help'])).to.deep.equal({ status: 0, out: "usage: waymark routes <module> [--json] [--media]\nprint the named-route table of the app <module> exports", err: '' });
    const unknown = run(['routes', 'app.ts', '--jsno']);
    expect(unknown.status).to.equal(2);
    expect(unknown.err).to.contain("Unknown option '--jsno'").and.contain('usage: waymark routes <module> [--json] [--media]');
    expect(run(['routes'])).to.deep.equal({ status: 2, out: '', err: 'usage: waymark routes <module> [--json] [--media]' });
    expect(run(['check-config', 'a.json', 'b.json']).status).to.equal(2);
  });

  it('an installed copy without dist/ (never built) says so and how to fix it, exit 1', () => {
    const pkg = mkdtempSync(join(tmpdir(), 'waymark-unbuilt-'));
    try {
      mkdirSync(join(pkg, 'bin'));
      copyFileSync(join(root, 'bin/waymark.js'), join(pkg, 'bin/waymark.js'));
      const result = spawnSync(process.execPath, [join(pkg, 'bin/waymark.js'), '--version'], { encoding: 'utf8' });
      expect([result.status, result.stdout]).to.deep.equal([1, '']);
      expect(result.stderr).to.contain(`${join(pkg, 'dist')} is missing: this copy was never built. Reinstall it, or run \`npm run build\` in ${pkg}.`);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });
});
