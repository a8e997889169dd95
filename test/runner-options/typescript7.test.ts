import { expect } from 'chai';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProject, readRunnerOptions, RunnerOptionsError } from '../../src/runner-options';

// TypeScript 7's package gives JavaScript a version number only (docs/ts-node.md#typescript-7):
// reading a "ts-node" block with it is a problem that says so, never "Cannot read properties of undefined".
describe('runner-options with a TypeScript that has no JavaScript API (TypeScript 7)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-ts7-'));
    mkdirSync(join(dir, 'node_modules', 'typescript'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'typescript', 'package.json'), JSON.stringify({ name: 'typescript', version: '7.0.2', main: 'version.js' }));
    writeFileSync(join(dir, 'node_modules', 'typescript', 'version.js'), "module.exports = { version: '7.0.2', versionMajorMinor: '7.0' };");
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ 'ts-node': { transpileOnly: true } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('checkProject names the missing API and the fix', () => {
    const { errors, options } = checkProject(join(dir, 'tsconfig.json'));
    expect(options).to.equal(null);
    expect(errors.map((problem) => problem.code)).to.deep.equal(['TSNODE_NEEDS_TYPESCRIPT_API']);
    expect(errors[0].message).to.include("ts-node 10 needs TypeScript's JavaScript API, which TypeScript 7 does not have").and.include('7.0.2');
  });

  it('readRunnerOptions throws a RunnerOptionsError, also for a file that is missing', () => {
    for (const file of ['tsconfig.json', 'missing/tsconfig.json']) {
      expect(() => readRunnerOptions(join(dir, file))).to.throw(RunnerOptionsError).with.property('code', 'INVALID_RUNNER_OPTIONS');
    }
  });
});
