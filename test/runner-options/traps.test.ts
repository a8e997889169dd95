import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trapProblems, type ShownConfig } from '../../src/runner-options/traps';

/** A folder with a package.json of the given `type` (none when `undefined`), and its tsconfig.json's path. */
function folder(type?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-traps-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(type === undefined ? {} : { type }));
  return join(dir, 'tsconfig.json');
}

const codes = (shown: ShownConfig, major = 5, file = folder('commonjs')) => trapProblems(shown, file, major).map((p) => [p.code, p.path, p.suggestion]);
const DECORATORS = { experimentalDecorators: true, emitDecoratorMetadata: true };

describe('runner-options/traps: the traps of a new project (docs/cli.md#checking-a-tsconfigjson)', () => {
  it('native decorators: target esnext without experimentalDecorators, whichever TypeScript', () => {
    for (const major of [5, 6, 7]) {
      expect(codes({ compilerOptions: { target: 'esnext' } }, major)).to.deep.equal([['NATIVE_DECORATORS', '$.compilerOptions.target', '"experimentalDecorators": true']]);
    }
    expect(codes({ compilerOptions: { target: 'ESNext', ...DECORATORS } })).to.deep.equal([]);
    // Below esnext TypeScript lowers standard decorators to helper calls: they run, and DECORATORS_DISABLED says the rest.
    expect(codes({ compilerOptions: { target: 'es2022' } })).to.deep.equal([]);
  });

  it('verbatimModuleSyntax with CommonJS output: module commonjs, or node16/nodenext in a package that is not "type": "module"', () => {
    const vms = (module: string) => ({ compilerOptions: { ...DECORATORS, module, verbatimModuleSyntax: true } });
    expect(codes(vms('commonjs'))).to.deep.equal([['VERBATIM_MODULE_SYNTAX_COMMONJS', '$.compilerOptions.verbatimModuleSyntax', 'remove "verbatimModuleSyntax"']]);
    expect(codes(vms('nodenext'))[0]).to.deep.equal(['VERBATIM_MODULE_SYNTAX_COMMONJS', '$.compilerOptions.verbatimModuleSyntax', 'remove "verbatimModuleSyntax", or make the project an ES module one: "type": "module" in package.json']);
    expect(codes(vms('node16'), 5, folder())).to.have.length(1);
    expect(codes(vms('nodenext'), 5, folder('module'))).to.deep.equal([]);
    expect(codes(vms('esnext'))).to.deep.equal([]);
    expect(codes({ compilerOptions: { ...DECORATORS, module: 'commonjs' } })).to.deep.equal([]);
  });

  it('rootDir unset under TypeScript 6 and 7 with an output folder and the sources in a subfolder, with the folder to set', () => {
    const shown = { compilerOptions: { ...DECORATORS, outDir: './dist' }, files: ['./src/app.ts', './src/books/controller.ts', './src/types.d.ts'] };
    expect(codes(shown, 5)).to.deep.equal([]);
    for (const major of [6, 7]) expect(codes(shown, major)).to.deep.equal([['ROOT_DIR_UNSET', '$.compilerOptions', '"rootDir": "./src"']]);
    expect(trapProblems(shown, folder(), 6)[0].message).to.contain('dist/src/');
    const unless = (options: object, files = shown.files) => codes({ compilerOptions: { ...shown.compilerOptions, ...options }, files }, 6);
    expect(unless({ rootDir: './src' })).to.deep.equal([]);
    expect(unless({ noEmit: true })).to.deep.equal([]);
    expect(unless({ outDir: undefined })).to.deep.equal([]);
    expect(unless({}, ['./app.ts', './src/x.ts']), 'the sources at the top').to.deep.equal([]);
  });
});
