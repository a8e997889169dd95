import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sampleVersions } from '../../examples/app';

const root = join(__dirname, '..', '..');

/**
 * The sample app keeps its released versions (docs/compatibility.md): under
 * every scheme, `waymark openapi examples/app.ts --check` against the
 * snapshots committed in examples/snapshots/ finds no breaking change. A
 * change to the sample that breaks a version fails here; a compatible one is
 * listed and passes (record it with --snapshot).
 */
describe('examples/snapshots: the sample app against its released documents', function () {
  this.timeout(120_000);
  for (const scheme of ['unversioned', 'url-path', 'namespace', 'accept-header', 'host-name', 'query-parameter']) {
    it(`waymark openapi --check passes under ${scheme}`, () => {
      const env = { ...process.env, VERSIONING: scheme === 'unversioned' ? '' : scheme, PORT: '3000' };
      const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'openapi', 'examples/app.ts', '--check', `examples/snapshots/${scheme}`], { cwd: root, env, encoding: 'utf8' });
      expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
      const versions = result.stdout.split('\n').filter((line) => /^\S/.test(line));
      expect(versions.map((line) => line.split(':')[0]), result.stdout).to.deep.equal(scheme === 'unversioned' ? ['unversioned'] : [...sampleVersions]);
      expect(versions.filter((line) => /breaking|new, no snapshot|retired/.test(line)), result.stdout).to.deep.equal([]);
    });
  }
});
