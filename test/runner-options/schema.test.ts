import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const schemaDir = join(__dirname, '..', '..', 'schema');
const read = (name: string) => JSON.parse(readFileSync(join(schemaDir, name), 'utf8'));

function refs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refs);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [value as string] : refs(value)));
}

describe('runner-options/schema files', () => {
  const block = read('ts-node.schema.json');
  const project = read('tsconfig.schema.json');

  it('are draft-07 with an $id, and every $ref is a valid JSON Pointer reference', () => {
    for (const schema of [block, project]) {
      expect(schema.$schema).to.equal('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).to.match(/^https:\/\//);
      for (const ref of refs(schema)) expect(ref, ref).to.match(/^(?:[^#]*)(?:#(?:\/[^/]*)*)?$/).and.not.match(/#[^/]/);
    }
  });

  it('describe the 24 options with type and description, the seed defaults, and no required keys', () => {
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
    expect(block.properties.compilerOptions.allOf[0].$ref).to.equal('https://json.schemastore.org/tsconfig#/definitions/compilerOptionsDefinition/properties/compilerOptions');
    expect(block.definitions.moduleTypes.additionalProperties.$ref).to.equal('#/definitions/moduleType');
    expect(block.definitions.moduleType.enum).to.deep.equal(['cjs', 'esm', 'package']);
  });

  it('extend the published tsconfig schema by reference, adding only the ts-node property', () => {
    expect(project.allOf).to.deep.equal([{ $ref: 'https://json.schemastore.org/tsconfig' }]);
    expect(Object.keys(project.properties)).to.deep.equal(['ts-node']);
  });
});
