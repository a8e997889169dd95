import { expect } from 'chai';
import fc from 'fast-check';
import { parse } from 'path-to-regexp';
import { quickParse } from '../../src/table/parse';

/** quickParse is a shortcut: where it answers, path-to-regexp's parser must give the same tokens. */
describe('table/parse quickParse', () => {
  it('gives exactly the tokens path-to-regexp parses, or defers to it', () => {
    const piece = fc.constantFrom('/', 'a', 'users', '-', '.', '_', '$', ':', ':id', ':a1', ':$x', ':_y', ':9', '*', '{', '}', '\\', '"', '(', '?', '%2F', '~', 'é', '::', ': ');
    let answered = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const source = pieces.join('');
        const quick = quickParse(source);
        let parsed: unknown;
        try {
          parsed = parse(source).tokens;
        } catch {
          parsed = 'throws';
        }
        if (quick === null) return;
        answered++;
        expect(quick, source).to.deep.equal(parsed);
      }),
      { numRuns: 2000 },
    );
    expect(answered).to.be.greaterThan(400);
  });
});
