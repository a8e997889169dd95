import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImproperlyConfigured } from '../../src';
import { locateSwaggerUi } from '../../src/docs-page/swagger-ui';

const root = join(__dirname, '..', '..');

describe('docs-page/swagger-ui', () => {
  it('finds swagger-ui-dist and its version', () => {
    const ui = locateSwaggerUi();
    expect(ui.version).to.match(/^5\./);
    expect(ui.tag).to.match(/^[0-9a-f]{16}$/);
  });

  it('without the package, is an ImproperlyConfigured naming the npm install', () => {
    const missing = () => {
      throw Object.assign(new Error("Cannot find module 'swagger-ui-dist/package.json'"), { code: 'MODULE_NOT_FOUND' });
    };
    expect(() => locateSwaggerUi(missing)).to.throw(ImproperlyConfigured, 'npm install swagger-ui-dist');
  });

  it('looks in the working directory (the user\'s project) when waymark\'s own location has no copy', () => {
    const tried: (string[] | undefined)[] = [];
    const resolve = (request: string, options?: { paths?: string[] }) => {
      tried.push(options?.paths);
      if (options?.paths === undefined) throw new Error('not beside waymark');
      return require.resolve(request);
    };
    expect(locateSwaggerUi(resolve).version).to.match(/^5\./);
    expect(tried).to.deep.equal([undefined, [process.cwd()]]);
  });

  it('in a process where the package cannot be found, docsRoutes() throws it and createApp never runs', function () {
    this.timeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), 'waymark-no-ui-'));
    try {
      // A preload that hides swagger-ui-dist from every require.resolve, as an install without it would.
      const hide = join(dir, 'hide.js');
      writeFileSync(
        hide,
        `const Module = require('module');
        const original = Module._resolveFilename;
        Module._resolveFilename = function (request, ...rest) {
          if (request === 'swagger-ui-dist' || request.startsWith('swagger-ui-dist/')) {
            throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: 'MODULE_NOT_FOUND' });
          }
          return original.call(this, request, ...rest);
        };`,
      );
      const script = `const { createApp, docsRoutes } = require(${JSON.stringify(join(root, 'src'))});
        try {
          createApp({ routes: [docsRoutes()] });
          console.log(JSON.stringify({ built: true }));
        } catch (error) {
          console.log(JSON.stringify({ name: error.constructor.name, code: error.code, message: error.message }));
        }`;
      const child = spawnSync(process.execPath, ['-r', hide, '-r', 'ts-node/register', '-r', 'reflect-metadata', '-e', script], { cwd: root, encoding: 'utf8', timeout: 55_000 });
      const outcome = JSON.parse(child.stdout.trim().split('\n').pop() || '{}');
      expect(outcome, child.stderr).to.deep.include({ name: 'ImproperlyConfigured', code: 'IMPROPERLY_CONFIGURED' });
      expect(outcome.message).to.contain('`npm install swagger-ui-dist`');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
