import { expect } from 'chai';
import fc from 'fast-check';
import ts from 'typescript';
import { typeOf } from '../../src/client/types';
import { sampleOf, schemaOf, tree, type Node } from '../schema/arbitrary';

const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [] };

/** Type-checks one source text in memory; returns its diagnostics. */
function check(source: string): string[] {
  const host = ts.createCompilerHost(STRICT);
  const read = host.getSourceFile;
  host.getSourceFile = (name, version) => (name === 'cases.ts' ? ts.createSourceFile(name, source, version) : read.call(host, name, version));
  const program = ts.createProgram(['cases.ts'], STRICT, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `line ${d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

/** The first required property at the top of an object schema, if any: leaving it out must not compile. */
function firstRequired(node: Node): string | undefined {
  return node.kind === 'object' ? node.properties.find(([, , required]) => required)?.[0] : undefined;
}

describe('client/types: TypeScript types from JSON Schema', function () {
  this.timeout(60_000);
  it('admits every value valid against the schema, and refuses one that lacks a required member', () => {
    const cases = fc.sample(tree.chain((node) => fc.tuple(fc.constant(node), sampleOf(node, false))), { numRuns: 300, seed: 42 });
    const lines: string[] = [];
    let refusals = 0;
    let nested = 0;
    cases.forEach(([node, sample], index) => {
      const type = typeOf(schemaOf(node), () => undefined, 'response');
      lines.push(`export const valid${index}: ${type} = ${JSON.stringify(sample.value)};`);
      if (sample.nontrivial > 0) nested++;
      const required = firstRequired(node);
      if (required !== undefined && typeof sample.value === 'object' && sample.value !== null) {
        const { [required]: _left, ...rest } = sample.value as Record<string, unknown>;
        lines.push('// @ts-expect-error a required member is missing', `export const invalid${index}: ${type} = ${JSON.stringify(rest)};`);
        refusals++;
      }
    });
    expect(check(lines.join('\n'))).to.deep.equal([]);
    // A typeOf that answered `unknown` everywhere would leave the @ts-expect-error lines unused, which fails above.
    expect(refusals, 'cases that must not compile').to.be.at.least(80);
    expect(nested, 'values with nested objects of two or more members').to.be.at.least(80);
  });

  it('writes the keywords a document uses: enum, const, anyOf, allOf, tuples, closed objects, $ref', () => {
    const refName = (ref: string) => (ref === '#/components/schemas/Book' ? 'Book' : undefined);
    expect(typeOf({ enum: ['a', 1, null] }, refName, 'response')).to.equal('"a" | 1 | null');
    expect(typeOf({ const: 'v1' }, refName, 'response')).to.equal('"v1"');
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }] }, refName, 'response')).to.equal('string | number[]');
    expect(typeOf({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 1, items: false }, refName, 'response')).to.equal('[string, number?]');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, refName, 'response')).to.equal('{ a: string }');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } } }, refName, 'response')).to.equal('{ a?: string }');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } }, refName, 'response')).to.equal('{ [key: string]: number }');
    expect(typeOf({ type: 'object' }, refName, 'response')).to.equal('{ [key: string]: unknown }');
    expect(typeOf({ $ref: '#/components/schemas/Book' }, refName, 'response')).to.equal('Book');
    expect(typeOf({ type: 'object', properties: { id: { type: 'integer', readOnly: true }, secret: { type: 'string', writeOnly: true } }, additionalProperties: false }, refName, 'request')).to.equal('{ secret?: string }');
    expect(typeOf({ type: 'object', properties: { id: { type: 'integer', readOnly: true }, secret: { type: 'string', writeOnly: true } }, additionalProperties: false }, refName, 'response')).to.equal('{ id?: number }');
    expect(typeOf({ type: 'string', format: 'binary' }, refName, 'request')).to.equal('Blob');
  });
});
