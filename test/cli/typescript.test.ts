import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTypeScript } from '../../src/cli/typescript';

/** A project folder with the given packages faked in node_modules; no loader for .ts registered yet. */
function project(packages: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-ts-'));
  for (const [name, version] of Object.entries(packages)) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), 'exports.register = (options) => { globalThis.registeredWith = options; };');
  }
  writeFileSync(join(dir, 'app.ts'), 'export {};');
  return dir;
}

describe('cli/typescript', () => {
  const dirs: string[] = [];
  const make = (packages: Record<string, string>) => {
    const dir = project(packages);
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("registers the project's own ts-node, searching for tsconfig.json from the module's folder", () => {
    const dir = make({ typescript: '5.9.3', 'ts-node': '10.9.2' });
    prepareTypeScript(join(dir, 'app.ts'), {});
    expect((globalThis as { registeredWith?: unknown }).registeredWith).to.deep.equal({ projectSearchDir: dir });
  });

  it('registers it without type-checking when asked (for `waymark types`, whose output the module imports)', () => {
    const dir = make({ typescript: '5.9.3', 'ts-node': '10.9.2' });
    prepareTypeScript(join(dir, 'app.ts'), {}, { typeCheck: false });
    expect((globalThis as { registeredWith?: unknown }).registeredWith).to.deep.equal({ projectSearchDir: dir, transpileOnly: true });
  });

  it('says what to install when ts-node or TypeScript is missing', () => {
    const dir = make({ typescript: '5.9.3' });
    expect(() => prepareTypeScript(join(dir, 'app.ts'), {})).to.throw('loading it needs ts-node in your project: npm install --save-dev ts-node typescript@5');
    const bare = make({});
    expect(() => prepareTypeScript(join(bare, 'app.ts'), {})).to.throw('needs ts-node and typescript in your project');
  });

  it('refuses TypeScript 7 (the native compiler, without the API ts-node 10 calls), naming the version and the fix', () => {
    const dir = make({ typescript: '7.0.2', 'ts-node': '10.9.2' });
    expect(() => prepareTypeScript(join(dir, 'app.ts'), {})).to.throw('your project has typescript 7.0.2; ts-node, which loads it, needs TypeScript 5 or 6: npm install --save-dev ts-node typescript@5');
    prepareTypeScript(join(make({ typescript: '6.0.3', 'ts-node': '10.9.2' }), 'app.ts'), {});
  });

  it('leaves .js modules and an extension that already has a loader alone', () => {
    const bare = make({});
    expect(() => prepareTypeScript(join(bare, 'app.js'), {})).to.not.throw();
    expect(() => prepareTypeScript(join(bare, 'app.ts'), { '.ts': () => undefined })).to.not.throw();
  });
});
