import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run';

const sample = join(root, 'examples/app.ts');
const committed = join(root, 'examples/CHANGELOG.md');

function waymark(args: string[], versioning?: string) {
  const env = { ...process.env };
  if (versioning === undefined) delete env.VERSIONING;
  else env.VERSIONING = versioning;
  return spawnSync(process.execPath, [join(root, 'bin/waymark.js'), ...args], { cwd: root, env, encoding: 'utf8' });
}

describe('waymark changelog (the sample app)', () => {
  for (const versioning of ['url-path', 'query-parameter']) {
    it(`holds examples/CHANGELOG.md to the sample's history under ${versioning}`, () => {
      const result = waymark(['changelog', sample, '--check', committed], versioning);
      expect(result.stderr).to.equal('');
      expect(result.status).to.equal(0);
    });
  }

  it('fails on a stale changelog, saying how to write it again, and prints data with --json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-changelog-'));
    try {
      const stale = join(dir, 'CHANGELOG.md');
      writeFileSync(stale, readFileSync(committed, 'utf8').replace('## v2', '## v2 (edited)'));
      const failed = waymark(['changelog', sample, '--check', stale], 'url-path');
      expect(failed.status).to.equal(1);
      expect(failed.stderr).to.include('is stale').and.include('--out');
      const json = waymark(['changelog', sample, '--json'], 'url-path');
      expect(json.status).to.equal(0);
      const notes = JSON.parse(json.stdout);
      expect(notes.map((note: { version: string }) => note.version)).to.deep.equal(['v3', 'v2', 'v1']);
      expect(notes[1].changes[1].entries).to.deep.equal([{ kind: 'route-added', route: 'users-search' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says an app without a history has no changelog', () => {
    const result = waymark(['changelog', join(root, 'test/fixtures/cli/listens.ts')]);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('has no version history');
  });

  it('prints the changes of an app that serves one version without a scheme, with no verdict (it has one document)', () => {
    const result = waymark(['changelog', sample, '--json']);
    expect(result.status, result.stderr).to.equal(0);
    const notes = JSON.parse(result.stdout);
    expect(notes.map((note: { version: string; compatibility: unknown }) => [note.version, note.compatibility])).to.deep.equal([['v3', null], ['v2', null], ['v1', null]]);
  });
});
