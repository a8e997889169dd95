import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get } from '../src';
import { MetadataKeys, readOwn } from '../src/metadata';

describe('metadata', function () {
  this.timeout(60_000);
  const root = join(__dirname, '..');

  it('loads reflect-metadata itself: a program that imports waymark first, and never reflect-metadata, gets typed parameters', () => {
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register', join('test', 'fixtures', 'waymark-first.ts')], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).to.equal('');
    expect(JSON.parse(run.stdout)).to.deep.equal({ id: 42, type: 'number' });
  });

  it('two more copies of reflect-metadata, one loaded before waymark and one after, share what TypeScript recorded', () => {
    const copies = mkdtempSync(join(tmpdir(), 'waymark-reflect-'));
    try {
      for (const copy of ['before', 'after']) {
        mkdirSync(join(copies, copy));
        copyFileSync(require.resolve('reflect-metadata'), join(copies, copy, 'Reflect.js'));
      }
      const code = [
        `require(${JSON.stringify(join(copies, 'before', 'Reflect.js'))});`,
        "class A { m(x) {} }",
        "Reflect.defineMetadata('design:paramtypes', [Number], A.prototype, 'm');",
        "const { paramTypes } = require('./src/metadata');",
        `require(${JSON.stringify(join(copies, 'after', 'Reflect.js'))});`,
        "class B { m(x) {} }",
        "Reflect.defineMetadata('design:paramtypes', [Date], B.prototype, 'm');",
        "process.stdout.write(JSON.stringify([paramTypes(A.prototype, 'm')[0] === Number, paramTypes(B.prototype, 'm')[0] === Date]));",
      ].join('\n');
      const run = spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', code], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).to.equal('');
      expect(JSON.parse(run.stdout)).to.deep.equal([true, true]);
    } finally {
      rmSync(copies, { recursive: true, force: true });
    }
  });

  it("keeps waymark's records per class, out of reflect-metadata's store (six Maps per class there)", () => {
    @Controller('/x')
    class X {
      @Get('/y', 'y') y() {}
    }
    @Controller('/z')
    class Z extends X {
      @Get('/w', 'w') w() {}
    }
    expect(readOwn(MetadataKeys.controller, X)).to.deep.equal({ prefix: '/x', options: {} });
    expect(readOwn<{ handler: string }[]>(MetadataKeys.routes, X.prototype)?.map((route) => route.handler)).to.deep.equal(['y']);
    expect(readOwn<{ handler: string }[]>(MetadataKeys.routes, Z.prototype)?.map((route) => route.handler)).to.deep.equal(['w']);
    expect(readOwn(MetadataKeys.routes, X.prototype, 'y')).to.equal(undefined);
    expect(Reflect.getOwnMetadataKeys(X)).to.deep.equal([]);
    expect(Reflect.getOwnMetadataKeys(X.prototype)).to.deep.equal([]);
    for (const key of Object.values(MetadataKeys)) expect(key).to.match(/^waymark:/);
  });
});
