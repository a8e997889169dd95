import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Controller, Get } from '../src';
import { MetadataKeys } from '../src/metadata';

describe('metadata', () => {
  it('fails at import, with the fix in the message, when reflect-metadata is not loaded', () => {
    const root = join(__dirname, '..');
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register', '-e', "require('./src')"], { cwd: root, encoding: 'utf8' });
    expect(run.status).to.not.equal(0);
    expect(run.stderr).to.contain('waymark needs the reflect-metadata polyfill').and.contain('import "reflect-metadata";');
  });

  it('stores metadata on the class under namespaced keys, nothing globally', () => {
    @Controller('/x')
    class X {
      @Get('/y', 'y') y() {}
    }
    expect(Reflect.getOwnMetadataKeys(X)).to.include(MetadataKeys.controller);
    expect(Reflect.getOwnMetadataKeys(X.prototype)).to.include(MetadataKeys.routes);
    for (const key of Object.values(MetadataKeys)) expect(key).to.match(/^waymark:/);
  });
});
