import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateRunnerOptions } from '../../src/runner-options';
import { rawSchema } from './raw-schema';

const root = join(__dirname, '..', '..');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));


type Vector = [name: string, block: unknown, schemaValid: boolean, valid: boolean, codes: string[], target?: string];

const vectors: Vector[] = [
  ['empty block', {}, true, true, []],
  ['null block is invalid, as the schema says (regression: it was valid)', null, false, false, ['INVALID_TYPE']],
  ['true block is invalid', true, false, false, ['INVALID_TYPE']],
  ['array block', [], false, false, ['INVALID_TYPE']],
  ['string block', 'x', false, false, ['INVALID_TYPE']],
  ['compiler string', { compiler: 'ttypescript' }, true, true, []],
  ['compiler number', { compiler: 1 }, false, false, ['INVALID_TYPE']],
  ['compilerHost boolean', { compilerHost: true }, true, true, []],
  ['compilerHost string', { compilerHost: 'true' }, false, false, ['INVALID_TYPE']],
  ['compilerOptions object', { compilerOptions: { strict: true, target: 'es2020' } }, true, true, []],
  ['compilerOptions not an object', { compilerOptions: [] }, false, false, ['INVALID_TYPE']],
  ['compilerOptions wrong option type', { compilerOptions: { strict: 'yes' } }, false, false, ['INVALID_TYPE']],
  ['compilerOptions unknown target', { compilerOptions: { target: 'es2099' } }, false, false, ['INVALID_VALUE']],
  ['compilerOptions unknown key (schemastore allows)', { compilerOptions: { madeUp: 1 } }, true, true, []],
  ['emit boolean', { emit: true }, true, true, []],
  ['emit number', { emit: 1 }, false, false, ['INVALID_TYPE']],
  ['esm false', { esm: false }, true, true, []],
  ['esm true on Node 20', { esm: true }, true, true, ['ESM_UNSUPPORTED']],
  ['experimentalReplAwait false', { experimentalReplAwait: false }, true, true, []],
  ['experimentalReplAwait true, default ES5 target', { experimentalReplAwait: true }, true, false, ['REPL_AWAIT_TARGET']],
  ['experimentalReplAwait true, context target es2018', { experimentalReplAwait: true }, true, true, [], 'es2018'],
  ['experimentalReplAwait true, context target ES2017', { experimentalReplAwait: true }, true, false, ['REPL_AWAIT_TARGET'], 'ES2017'],
  ['experimentalReplAwait true, own target esnext', { experimentalReplAwait: true, compilerOptions: { target: 'esnext' } }, true, true, [], 'es5'],
  ['experimentalReplAwait true, own target es6', { experimentalReplAwait: true, compilerOptions: { target: 'es6' } }, true, false, ['REPL_AWAIT_TARGET']],
  ['experimentalReplAwait string', { experimentalReplAwait: 'true' }, false, false, ['INVALID_TYPE']],
  ['experimentalResolver boolean', { experimentalResolver: true }, true, true, []],
  ['experimentalSpecifierResolution node', { experimentalSpecifierResolution: 'node' }, true, true, []],
  ['experimentalSpecifierResolution explicit', { experimentalSpecifierResolution: 'explicit' }, true, true, []],
  ['experimentalSpecifierResolution is case-sensitive', { experimentalSpecifierResolution: 'Node' }, false, false, ['INVALID_VALUE']],
  ['experimentalTsImportSpecifiers boolean', { experimentalTsImportSpecifiers: true }, true, true, []],
  ['files boolean', { files: true }, true, true, []],
  ['files array', { files: ['a.ts'] }, false, false, ['INVALID_TYPE']],
  ['ignore list', { ignore: ['^dist/', '(?:^|/)node_modules/'] }, true, true, []],
  ['ignore empty list', { ignore: [] }, true, true, []],
  ['ignore string instead of array', { ignore: 'node_modules' }, false, false, ['INVALID_TYPE']],
  ['ignore item number', { ignore: [1] }, false, false, ['INVALID_TYPE']],
  ['ignore invalid regular expression', { ignore: ['(unclosed'] }, true, false, ['INVALID_IGNORE_PATTERN']],
  ['ignore one valid, one invalid', { ignore: ['ok', '[z-a]'] }, true, false, ['INVALID_IGNORE_PATTERN']],
  ['ignoreDiagnostics numbers', { ignoreDiagnostics: [2307, 7006] }, true, true, []],
  ['ignoreDiagnostics numeric strings', { ignoreDiagnostics: ['2307'] }, true, true, []],
  ['ignoreDiagnostics mixed', { ignoreDiagnostics: ['2307', 7006] }, true, true, []],
  ['ignoreDiagnostics TS-prefixed string', { ignoreDiagnostics: ['TS2307'] }, true, true, ['NON_NUMERIC_DIAGNOSTIC']],
  ['ignoreDiagnostics empty string', { ignoreDiagnostics: [''] }, true, true, ['NON_NUMERIC_DIAGNOSTIC']],
  ['ignoreDiagnostics boolean item', { ignoreDiagnostics: [true] }, false, false, ['INVALID_TYPE']],
  ['ignoreDiagnostics bare number', { ignoreDiagnostics: 2307 }, false, false, ['INVALID_TYPE']],
  ['logError boolean', { logError: true }, true, true, []],
  ['moduleTypes all three values', { moduleTypes: { 'a/**': 'cjs', 'b/**': 'esm', 'c/**': 'package' } }, true, true, []],
  ['moduleTypes commonjs', { moduleTypes: { '**/*.cts': 'commonjs' } }, false, false, ['INVALID_VALUE']],
  ['moduleTypes number value', { moduleTypes: { x: 1 } }, false, false, ['INVALID_TYPE']],
  ['moduleTypes array', { moduleTypes: ['cjs'] }, false, false, ['INVALID_TYPE']],
  ['preferTsExts boolean', { preferTsExts: true }, true, true, []],
  ['pretty boolean', { pretty: false }, true, true, []],
  ['pretty string', { pretty: 'auto' }, false, false, ['INVALID_TYPE']],
  ['require list', { require: ['tsconfig-paths/register'] }, true, true, []],
  ['require string', { require: 'x' }, false, false, ['INVALID_TYPE']],
  ['scope and scopeDir', { scope: true, scopeDir: './src' }, true, true, []],
  ['scopeDir boolean', { scopeDir: true }, false, false, ['INVALID_TYPE']],
  ['skipIgnore boolean', { skipIgnore: true }, true, true, []],
  ['swc alone', { swc: true }, true, true, []],
  ['swc with transpileOnly false', { swc: true, transpileOnly: false }, true, false, ['SWC_WITHOUT_TRANSPILE_ONLY']],
  ['swc with transpileOnly false but typeCheck (ts-node: custom transpiler needs transpileOnly)', { swc: true, transpileOnly: false, typeCheck: true }, true, false, ['SWC_WITH_TYPE_CHECK']],
  ['swc with typeCheck (regression: was valid, ts-node throws)', { swc: true, typeCheck: true }, true, false, ['SWC_WITH_TYPE_CHECK']],
  ['swc with a transpiler', { swc: true, transpiler: 'x' }, true, false, ['SWC_WITH_TRANSPILER']],
  ['transpileOnly boolean', { transpileOnly: true }, true, true, []],
  ['transpileOnly string', { transpileOnly: 'true' }, false, false, ['INVALID_TYPE']],
  ['transpiler string with transpileOnly', { transpileOnly: true, transpiler: 'ts-node/transpilers/swc' }, true, true, []],
  ['transpiler without transpileOnly', { transpiler: 'ts-node/transpilers/swc' }, true, false, ['TRANSPILER_WITHOUT_TRANSPILE_ONLY']],
  ['transpiler with transpileOnly but typeCheck', { transpileOnly: true, typeCheck: true, transpiler: 'x' }, true, false, ['TRANSPILER_WITHOUT_TRANSPILE_ONLY']],
  ['transpiler pair', { transpileOnly: true, transpiler: ['ts-node/transpilers/swc', { swc: '@swc/wasm' }] }, true, true, []],
  ['transpiler with extra string and object items', { transpileOnly: true, transpiler: ['t', {}, 'x', { y: 1 }] }, true, true, []],
  ['transpiler one-item array', { transpileOnly: true, transpiler: ['t'] }, false, false, ['INVALID_FORM']],
  ['transpiler second item not an object', { transpileOnly: true, transpiler: ['t', 'u'] }, false, false, ['INVALID_TYPE']],
  ['transpiler first item not a string', { transpileOnly: true, transpiler: [1, {}] }, false, false, ['INVALID_TYPE']],
  ['transpiler third item a number', { transpileOnly: true, transpiler: ['t', {}, 3] }, false, false, ['INVALID_TYPE']],
  ['transpiler number', { transpileOnly: true, transpiler: 5 }, false, false, ['INVALID_FORM']],
  ['typeCheck boolean', { typeCheck: false }, true, true, []],
  ['unknown key with a case slip', { transpileonly: true }, true, true, ['UNKNOWN_OPTION']],
  ['unknown key with a typo', { presetTsExts: true }, true, true, ['UNKNOWN_OPTION']],
  ['API-only key', { project: './tsconfig.json' }, true, true, ['API_ONLY_OPTION']],
  ['several problems at once', { compiler: 1, ignore: ['('], foo: 1 }, false, false, ['INVALID_IGNORE_PATTERN', 'INVALID_TYPE', 'UNKNOWN_OPTION']],
];

describe('runner-options/validate (vectors)', () => {
  const raw = rawSchema('ts-node.schema.json');

  it(`has at least 60 vectors covering every option`, () => {
    expect(vectors.length).to.be.at.least(60);
    const covered = new Set(vectors.flatMap(([, block]) => (block && typeof block === 'object' ? Object.keys(block) : [])));
    for (const option of Object.keys(json(join(root, 'schema', 'ts-node.schema.json')).properties)) expect(covered, option).to.include(option);
  });

  for (const [name, block, schemaValid, valid, codes, target] of vectors) {
    it(name, () => {
      expect(raw(block), 'raw schema verdict').to.equal(schemaValid);
      const result = validateRunnerOptions(block, { target });
      expect(result.valid, 'validator verdict').to.equal(valid);
      expect([...new Set([...result.errors, ...result.warnings].map((p) => p.code))].sort()).to.deep.equal(codes);
      for (const problem of [...result.errors, ...result.warnings]) {
        expect(problem.path).to.match(/^\$/);
        expect(problem.message).to.be.a('string').and.not.equal('');
      }
    });
  }

  it('names the path and suggests the nearest key', () => {
    const [unknown] = validateRunnerOptions({ transpileonly: true }).warnings;
    expect(unknown).to.deep.include({ path: '$.transpileonly', suggestion: 'transpileOnly' });
    const [digits] = validateRunnerOptions({ ignoreDiagnostics: ['TS2307'] }).warnings;
    expect(digits).to.deep.include({ path: '$.ignoreDiagnostics[0]', suggestion: '2307' });
    const [second] = validateRunnerOptions({ transpileOnly: true, transpiler: ['t', 'u'] }).errors;
    expect(second).to.deep.include({ path: '$.transpiler[1]', message: 'must be an object, got string "u"' });
    const [repl] = validateRunnerOptions({ experimentalReplAwait: true }).errors;
    expect(repl.message).to.contain('Experimental REPL await is not compatible with targets lower than ES2018');
  });
});
