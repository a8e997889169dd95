import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeStripsTypes, prepareTypeScript } from '../../src/cli/typescript';

/** The runtime the loaders are chosen for: Node (no `process.versions.deno`), wherever the suite runs. */
const NODE = {};

const REGISTER = 'exports.register = (options) => { globalThis.registeredWith = { name: process.env.FAKE_NAME, options, tsconfig: process.env.TSX_TSCONFIG_PATH }; };';

/** Each faked package: its package.json fields and its files (each file registers, recording which package it is). */
const FAKES: Record<string, { exports?: Record<string, string>; files: string[] }> = {
  'ts-node': { files: ['index.js'] },
  tsx: { exports: { './cjs/api': './api.js' }, files: ['api.js'] },
  '@swc-node/register': { exports: { './register': './register.js', './read-default-tsconfig': './read.js' }, files: ['register.js', 'read.js'] },
  '@swc/core': { files: ['index.js'] },
};

/** A project folder with the given packages faked in node_modules (typescript at the version given); no loader for .ts registered yet. */
function project(packages: Record<string, string>, tsconfig = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-ts-'));
  for (const [name, version] of Object.entries(packages)) {
    const home = join(dir, 'node_modules', name);
    mkdirSync(home, { recursive: true });
    const fake = FAKES[name] ?? { files: ['index.js'] };
    writeFileSync(join(home, 'package.json'), JSON.stringify({ name, version, main: 'index.js', ...(fake.exports ? { exports: { '.': './index.js', './package.json': './package.json', ...fake.exports } } : {}) }));
    for (const file of [...fake.files, 'index.js']) {
      const body = file === 'read.js' ? 'exports.readDefaultTsConfig = (path) => ({ readFrom: path });' : REGISTER.replace('process.env.FAKE_NAME', JSON.stringify(name));
      writeFileSync(join(home, file), body);
    }
  }
  if (tsconfig) writeFileSync(join(dir, 'tsconfig.json'), '{}');
  writeFileSync(join(dir, 'app.ts'), 'export {};');
  return dir;
}

describe('cli/typescript: the loader of a .ts module (docs/cli.md#loading-typescript)', () => {
  const dirs: string[] = [];
  const make = (packages: Record<string, string>, tsconfig = false) => {
    const dir = project(packages, tsconfig);
    dirs.push(dir);
    return dir;
  };
  const registered = () => (globalThis as { registeredWith?: { name: string; options: unknown; tsconfig?: string } }).registeredWith;
  beforeEach(() => delete (globalThis as { registeredWith?: unknown }).registeredWith);
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("registers the project's own ts-node, searching for tsconfig.json from the module's folder", () => {
    const dir = make({ typescript: '5.9.3', 'ts-node': '10.9.2' });
    expect(prepareTypeScript(join(dir, 'app.ts'), {}, {}, NODE)).to.equal('ts-node');
    expect(registered()).to.deep.include({ name: 'ts-node', options: { projectSearchDir: dir } });
  });

  it('registers it without type-checking when asked (for `waymark types`, whose output the module imports)', () => {
    const dir = make({ typescript: '5.9.3', 'ts-node': '10.9.2' });
    prepareTypeScript(join(dir, 'app.ts'), {}, { typeCheck: false }, NODE);
    expect(registered()?.options).to.deep.equal({ projectSearchDir: dir, transpileOnly: true });
  });

  it('tries ts-node, then @swc-node/register, then tsx: the first that fits the project', () => {
    const all = { typescript: '6.0.3', 'ts-node': '10.9.2', '@swc-node/register': '1.12.1', '@swc/core': '1.15.0', tsx: '4.23.15' };
    expect(prepareTypeScript(join(make(all), 'app.ts'), {}, {}, NODE)).to.equal('ts-node');
    const { 'ts-node': _tsNode, ...noTsNode } = all;
    const swc = make(noTsNode, true);
    expect(prepareTypeScript(join(swc, 'app.ts'), {}, {}, NODE)).to.equal('@swc-node/register');
    expect(registered()).to.deep.include({ name: '@swc-node/register', options: { readFrom: join(swc, 'tsconfig.json') } });
    const { '@swc/core': _core, ...noCore } = noTsNode;
    expect(prepareTypeScript(join(make(noCore), 'app.ts'), {}, {}, NODE), '@swc-node/register needs @swc/core').to.equal('tsx');
  });

  it("under TypeScript 7 skips ts-node and @swc-node/register (they need TypeScript's JavaScript API) for tsx, pointing it at the module's tsconfig.json", () => {
    const dir = make({ typescript: '7.0.2', 'ts-node': '10.9.2', '@swc-node/register': '1.12.1', '@swc/core': '1.15.0', tsx: '4.23.15' }, true);
    expect(prepareTypeScript(join(dir, 'app.ts'), {}, {}, NODE)).to.equal('tsx');
    expect(registered()).to.deep.include({ name: 'tsx', tsconfig: join(dir, 'tsconfig.json') });
    expect(process.env.TSX_TSCONFIG_PATH, 'the environment is left as it was').to.equal(undefined);
  });

  it('with none that fits, names the TypeScript found, why each loader does not fit, and what to install (never TypeScript 5 as the only way)', function () {
    // A Node that strips types itself (22.18+, 23.6+) is the last resort before the message (docs/cli.md#loading-typescript).
    if (nodeStripsTypes()) {
      expect(prepareTypeScript(join(make({ typescript: '7.0.2', 'ts-node': '10.9.2' }), 'app.ts'), {}, {}, NODE)).to.equal('node');
      return;
    }
    const seven = make({ typescript: '7.0.2', 'ts-node': '10.9.2' });
    expect(() => prepareTypeScript(join(seven, 'app.ts'), {}, {}, NODE)).to.throw(
      "no loader for it fits: the project has typescript 7.0.2 (ts-node needs TypeScript's JavaScript API, which typescript 7.0.2 does not have; @swc-node/register not installed; tsx not installed). Install one: npm install --save-dev tsx",
    );
    const five = make({ typescript: '5.9.3' });
    expect(() => prepareTypeScript(join(five, 'app.ts'), {}, {}, NODE)).to.throw('the project has typescript 5.9.3 (ts-node not installed; @swc-node/register not installed; tsx not installed). Install one: npm install --save-dev ts-node');
    expect(() => prepareTypeScript(join(make({}), 'app.ts'), {}, {}, NODE)).to.throw('no typescript is installed (ts-node not installed;');
    for (const dir of [seven, five]) expect(() => prepareTypeScript(join(dir, 'app.ts'), {}, {}, NODE)).to.throw(/^(?![\s\S]*typescript@5)/);
  });

  it('leaves .js modules and an extension that already has a loader alone', () => {
    const bare = make({});
    expect(prepareTypeScript(join(bare, 'app.js'), {}, {}, NODE)).to.equal(null);
    expect(prepareTypeScript(join(bare, 'app.mjs'), {}, {}, NODE)).to.equal(null);
    expect(prepareTypeScript(join(bare, 'app.ts'), { '.ts': () => undefined }, {}, NODE)).to.equal('registered');
  });

  it('registers nothing on Deno, which runs TypeScript itself as ES modules, even where ts-node would fit', () => {
    const dir = make({ typescript: '5.9.3', 'ts-node': '10.9.2' });
    expect(prepareTypeScript(join(dir, 'app.ts'), {}, {}, { deno: '2.9.6' })).to.equal('deno');
    expect(registered()).to.equal(undefined);
    expect(prepareTypeScript(join(dir, 'app.js'), {}, {}, { deno: '2.9.6' })).to.equal(null);
  });
});
