import { expect } from 'chai';
import fc from 'fast-check';
import { formsOf, simpleForm } from '../../../src/http/tree/steps';
import { tokensOf } from '../../../src/table/parse';

/** simpleForm is a shortcut: where it answers, the form must be exactly the one formsOf makes of the parsed tokens. */
describe('http/tree/steps simpleForm', () => {
  it('gives exactly the single form the tokens give, or defers to them', () => {
    const piece = fc.constantFrom('/', '/', '/', 'a', 'users', '-', '.', '_', '~', ':', ':id', ':a1', ':$x', ':9', '*rest', '{/:o}', '%76', '%2F', 'é', '::', '(', '?');
    let answered = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const source = `/${pieces.join('')}`;
        const simple = simpleForm(source);
        if (simple === null) return;
        answered++;
        const forms = formsOf(tokensOf(source));
        expect(forms, source).to.have.length(1);
        expect(simple, source).to.deep.equal(forms[0]);
      }),
      { numRuns: 3000 },
    );
    expect(answered).to.be.greaterThan(600);
  });

  it('defers whatever is not static text and whole-segment parameters', () => {
    for (const source of ['/files/:name.:ext', '/o{/:opt}', '/files/*path', '/caf%C3%A9', '/café', '/a:b', '/:9', 'users']) {
      expect(simpleForm(source), source).to.equal(null);
    }
    expect(simpleForm('/users/:id')?.steps).to.deep.equal([{ kind: 'static', key: 'users' }, { kind: 'param' }]);
  });
});
