import { expect } from 'chai';
import fc from 'fast-check';
import { compileSerializer } from '../../src/schema/serializer';
import { sampleOf, schemaOf, tree } from './arbitrary';

describe('schema/serializer', () => {
  it('writes what JSON.stringify writes, restricted to what the schema declares', () => {
    let nontrivial = 0;
    let withUndeclared = 0;
    let identical = 0;
    fc.assert(
      fc.property(
        tree.chain((node) => fc.tuple(fc.constant(node), fc.boolean()).chain(([n, extras]) => fc.tuple(fc.constant(n), sampleOf(n, extras)))),
        ([node, sample]) => {
          const serialize = compileSerializer(schemaOf(node), 'the test route');
          const written = serialize(sample.value);
          expect(JSON.parse(written)).to.deep.equal(sample.declared);
          if (sample.undeclared) {
            withUndeclared++;
          } else {
            expect(written).to.equal(JSON.stringify(sample.value));
            identical++;
          }
          nontrivial += sample.nontrivial > 0 ? 1 : 0;
        },
      ),
      { numRuns: 400 },
    );
    // A serializer that wrote nothing, or everything, fails above; these floors keep the cases meaningful.
    expect(nontrivial, 'cases with a nested object of two or more declared properties').to.be.at.least(150);
    expect(withUndeclared, 'cases with an undeclared property to drop').to.be.at.least(100);
    expect(identical, 'cases compared with JSON.stringify to the letter').to.be.at.least(130);
  });

  it('never writes an undeclared property, however deep', () => {
    const serialize = compileSerializer(
      { type: 'object', properties: { user: { type: 'object', properties: { name: { type: 'string' } } }, items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } },
      'GET /me',
    );
    const written = serialize({ user: { name: 'ada', passwordHash: 'x' }, items: [{ id: 1, secret: 's' }], token: 't' });
    expect(written).to.equal('{"user":{"name":"ada"},"items":[{"id":1}]}');
  });

  it('refuses a schema it cannot compile when the app is built, naming the route', () => {
    expect(() => compileSerializer({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, 'GET /books (books:list), status 200'))
      .to.throw(/GET \/books \(books:list\), status 200/)
      .with.property('code', 'IMPROPERLY_CONFIGURED');
  });
});
