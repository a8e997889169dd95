import { expect } from 'chai';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { main } from '../../src/cli/main';
import { types } from '../../src/cli/types';

const root = join(__dirname, '..', '..');
const scratch = join(root, '.tmp', 'cli-types');
const fixture = join(root, 'test/fixtures/typed-app.ts');

function run(out: string | undefined, check = false, module = fixture) {
  const lines = { out: [] as string[], err: [] as string[] };
  const status = types(module, out, check, { out: (t) => lines.out.push(t), err: (t) => lines.err.push(t) });
  return { status, out: lines.out.join('\n'), err: lines.err.join('\n') };
}

describe('cli/types', () => {
  beforeEach(() => mkdirSync(scratch, { recursive: true }));
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('prints the declaration file without --out', () => {
    const { status, out } = run(undefined);
    expect(status).to.equal(0);
    expect(out).to.contain("declare module 'waymark'").and.contain("'users:detail': { id: string | number } | { slug: string | number };");
  });

  it('writes --out (creating its folder), and --check then passes', () => {
    const file = join(scratch, 'types', 'route-names.d.ts');
    expect(run(file).status).to.equal(0);
    expect(readFileSync(file, 'utf8')).to.equal(`${run(undefined).out}\n`);
    expect(run(file, true)).to.include({ status: 0, err: '' });
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
    expect(run(file, true).status, 'CRLF line ends alone are not stale').to.equal(0);
  });

  it('--check exits 1 on a stale or missing file and writes nothing', () => {
    const file = join(scratch, 'route-names.d.ts');
    writeFileSync(file, 'stale');
    const stale = run(file, true);
    expect(stale.status).to.equal(1);
    expect(stale.err).to.contain('is stale');
    expect(readFileSync(file, 'utf8')).to.equal('stale');
    const missing = join(scratch, 'missing.d.ts');
    expect(run(missing, true).status).to.equal(1);
    expect(existsSync(missing)).to.equal(false);
  });

  it('--check needs --out', () => {
    const { status, err } = run(undefined, true);
    expect(status).to.equal(2);
    expect(err).to.contain('--check needs --out');
  });

  it('fails on a module that exports no app', () => {
    expect(() => run(undefined, false, join(root, 'test/fixtures/controllers.ts'))).to.throw(/exports no waymark app/);
  });

  it('is the `types` command of main, with --out and --check as options', () => {
    const file = join(scratch, 'names.d.ts');
    const io = { out: () => {}, err: () => {} };
    expect(main(['types', fixture, '--out', file], io)).to.equal(0);
    expect(main(['types', fixture, '--out', file, '--check'], io)).to.equal(0);
    expect(main(['types', fixture, '--chek'], io)).to.equal(2);
  });

  it('runs as the waymark binary on the sample app', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'types', 'examples/app.ts'], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.contain("declare module 'waymark'").and.contain("'users-detail': { id: string | number };");
  });
});
