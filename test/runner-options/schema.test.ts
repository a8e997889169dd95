import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { render, SCHEMA_FILE, tsconfigSchema } from '../../scripts/gen-tsconfig-schema';
import { rawSchema } from './raw-schema';

const schemaDir = join(__dirname, '..', '..', 'schema');
const read = (name: string) => JSON.parse(readFileSync(join(schemaDir, name), 'utf8'));

function refs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refs);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [value as string] : refs(value)));
}

type Declaration = { name: string; type: string | Map<string, unknown>; element?: Declaration; isCommandLineOnly?: boolean };
const declarations = (ts as unknown as { optionDeclarations: Declaration[] }).optionDeclarations.filter((d) => !d.isCommandLineOnly);

/** A value TypeScript accepts for an option, and one of the wrong type. */
function samples(declaration: Declaration): [good: unknown, bad: unknown] {
  const { type } = declaration;
  if (type instanceof Map) return [[...type.keys()].at(-1)!.toUpperCase(), 'no-such-value'];
  switch (type) {
    case 'boolean': return [true, 'true'];
    case 'number': return [2, '2'];
    case 'string': return ['x', 5];
    case 'object': return [{}, 'x'];
    default: return [[samples(declaration.element!)[0]], samples(declaration.element!)[0]];
  }
}

describe('runner-options/schema files', () => {
  const block = read('ts-node.schema.json');
  const project = read('tsconfig.schema.json');

  it('are draft-07 with an $id, and every $ref is local (no network) and a valid JSON Pointer reference', () => {
    for (const schema of [block, project]) {
      expect(schema.$schema).to.equal('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).to.match(/^https:\/\//);
      for (const ref of refs(schema)) expect(ref, ref).to.match(/^(?:[\w.-]+\.json)?(?:#(?:\/[^/]*)*)?$/).and.not.match(/#[^/]/);
    }
  });

  it('describe the 24 options with type and description, the documented defaults (docs/reference/runner-options.md#defaults), and no required keys', () => {
    expect(block.type).to.equal('object');
    expect(block).to.not.have.property('required');
    expect(block).to.not.have.property('additionalProperties');
    expect(Object.keys(block.properties)).to.have.length(24);
    for (const [name, option] of Object.entries<Record<string, unknown>>(block.properties)) {
      const resolved = option.$ref ? block.definitions.moduleTypes : option;
      expect(resolved.description, name).to.be.a('string');
      expect(resolved.type ?? resolved.anyOf, name).to.not.equal(undefined);
    }
    const defaults = Object.fromEntries(Object.entries<Record<string, unknown>>(block.properties).filter(([, o]) => 'default' in o).map(([k, o]) => [k, o.default]));
    expect(defaults).to.deep.equal({
      compiler: 'typescript', compilerHost: false, emit: false, files: false, ignore: ['(?:^|/)node_modules/'], logError: false,
      preferTsExts: false, pretty: false, scope: false, skipIgnore: false, transpileOnly: false, typeCheck: true,
    });
    expect(block.properties.compilerOptions.allOf[0].$ref).to.equal('tsconfig.schema.json#/definitions/compilerOptions');
    expect(block.definitions.moduleTypes.additionalProperties.$ref).to.equal('#/definitions/moduleType');
    expect(block.definitions.moduleType.enum).to.deep.equal(['cjs', 'esm', 'package']);
  });

  it(`tsconfig.schema.json is what scripts/gen-tsconfig-schema.ts makes from the installed TypeScript ${ts.version} (drift test; rerun npm run schema)`, () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).to.equal(render(tsconfigSchema(ts)));
    expect(Object.keys(project.definitions.compilerOptions.properties)).to.have.members([...new Set(declarations.map((d) => d.name))]);
  });

  it("gives TypeScript's verdict on a good and a wrong value of every compiler option", () => {
    const validate = rawSchema('tsconfig.schema.json');
    let checked = 0;
    for (const declaration of declarations) {
      for (const [value, expected] of samples(declaration).map((v, i) => [v, i === 0] as const)) {
        const compilerOptions = { [declaration.name]: value };
        const byTypeScript = ts.convertCompilerOptionsFromJson(compilerOptions, '/p').errors.length === 0;
        expect(byTypeScript, `TypeScript on ${JSON.stringify(compilerOptions)}`).to.equal(expected);
        expect(validate({ compilerOptions }), `schema on ${JSON.stringify(compilerOptions)}`).to.equal(byTypeScript);
        checked++;
      }
    }
    expect(checked).to.be.at.least(200);
  });

  it('agrees with ts-node.schema.json on the "ts-node" block (regression: a third transpiler item was rejected)', () => {
    const whole = rawSchema('tsconfig.schema.json');
    const only = rawSchema('ts-node.schema.json');
    const blocks = [
      { transpileOnly: true, transpiler: ['t', {}, 'x', { y: 1 }] }, { transpiler: ['t', {}] }, { transpiler: ['t'] }, { transpiler: 5 },
      { transpileOnly: 'yes' }, { moduleTypes: { a: 'cjs' } }, { moduleTypes: { a: 'commonjs' } }, { compilerOptions: { strict: 'yes' } },
      { compilerOptions: { target: 'ES2022' } }, { ignoreDiagnostics: ['2307', 7006] }, { experimentalSpecifierResolution: 'Node' }, {}, [], null,
    ];
    for (const value of blocks) expect(whole({ 'ts-node': value }), JSON.stringify(value)).to.equal(only(value));
    expect(only(blocks[0])).to.equal(true);
  });
});
