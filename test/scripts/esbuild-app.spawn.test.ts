import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blocks, readPage } from '../doc-pages';

const root = join(__dirname, '..', '..');
const pkg = require('../../package.json') as { peerDependencies: Record<string, string> };

/** The optional peers, which a project that does not use their features has not installed. */
const peers = Object.keys(pkg.peerDependencies);

const app = `
import { Controller, createApp, Get, Param } from 'waymark';

@Controller('/items')
class Items {
  @Get('/:id', 'item') item(@Param('id', Number) id: number) {
    return { id, type: typeof id };
  }
}

const server = createApp({ routes: [Items] }).listen(0, '127.0.0.1', async () => {
  const { port } = server.address() as { port: number };
  const body = await (await fetch('http://127.0.0.1:' + port + '/items/7')).json();
  server.close();
  process.stdout.write(JSON.stringify(body));
});
`;

/**
 * An app bundled with esbuild's defaults (docs/getting-started.md#toolchains): the project has the
 * built package and its dependencies, none of the optional peers, and the getting-started
 * tsconfig.json (which esbuild reads for experimentalDecorators).
 */
describe('esbuild --bundle --platform=node, no other option, bundles and runs an app on the built package', function () {
  this.timeout(300_000);
  let project: string;

  before(() => {
    project = mkdtempSync(join(tmpdir(), 'waymark-esbuild-'));
    const modules = join(project, 'node_modules');
    const waymark = join(modules, 'waymark');
    const compiled = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(waymark, 'dist')], { encoding: 'utf8' });
    expect(compiled.status, compiled.stdout + compiled.stderr).to.equal(0);
    const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'bundle.js'), join(waymark, 'dist')], { encoding: 'utf8' });
    expect(bundled.status, bundled.stderr).to.equal(0);
    cpSync(join(root, 'package.json'), join(waymark, 'package.json'));
    // Every installed package but the peers (and waymark itself), as links: what an app that uses none of the optional features has.
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (entry.startsWith('.') || entry === 'waymark') continue;
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(root, 'node_modules', entry))) {
          if (peers.includes(`${entry}/${scoped}`)) continue;
          mkdirSync(join(modules, entry), { recursive: true });
          symlinkSync(join(root, 'node_modules', entry, scoped), join(modules, entry, scoped));
        }
      } else if (!peers.includes(entry)) {
        symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
      }
    }
    writeFileSync(join(project, 'package.json'), '{ "name": "bundled-app", "private": true }\n');
    writeFileSync(join(project, 'tsconfig.json'), blocks(readPage('docs/getting-started.md'), 'json')[0]);
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'app.ts'), app);
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  it('bundles with no error, and the bundle serves a typed parameter', async () => {
    const result = await build({ absWorkingDir: project, entryPoints: ['src/app.ts'], bundle: true, platform: 'node', outfile: 'out/app.js', logLevel: 'silent' });
    expect(result.errors).to.deep.equal([]);
    // Run from elsewhere: the bundle needs no node_modules beside it.
    const run = spawnSync(process.execPath, [join(project, 'out', 'app.js')], { cwd: tmpdir(), encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).to.equal('');
    expect(JSON.parse(run.stdout)).to.deep.equal({ id: 7, type: 'number' });
  });
});
