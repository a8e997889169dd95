import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Controller, Get } from '../src';
import { MetadataKeys, readOwn } from '../src/metadata';

describe('metadata', () => {
  it('fails at import, with the fix in the message, when reflect-metadata is not loaded', () => {
    const root = join(__dirname, '..');
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', "require('./src')"], { cwd: root, encoding: 'utf8' });
    expect(run.status).to.not.equal(0);
    expect(run.stderr).to.contain('waymark needs the reflect-metadata polyfill').and.contain('import "reflect-metadata";');
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
