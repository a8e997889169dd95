import { expect } from 'chai';
import fc from 'fast-check';
import { Controller, Get, include, NoReverseMatch } from '../../src';
import { Matcher } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';
import { reversePath } from '../../src/table/reverse';

/** A piece of a generated expression: literal text (escaped as a RegExp source), or a named group with a body. */
type Piece = { text: string } | { group: string };

const literalArb = fc.constantFrom('/', '/a', '/files', '-', '.', '/x.json', '_', '/v1/');
const bodyArb = fc.constantFrom('[^/]+', '\\d+', '.+', '[a-z]+', '[^/]*', '[\\w-]+', '(?:x|y)+', '[^/.]+');
const piecesArb = fc
  .array(fc.oneof(literalArb.map((text): Piece => ({ text })), bodyArb.map((group): Piece => ({ group }))), { minLength: 1, maxLength: 5 })
  .map((pieces) => [{ text: '/' } as Piece, ...pieces]);
const valueArb = fc.constantFrom('1', '42', 'abc', 'a-b', 'a/b', 'x y', 'café', 'xy', '..', '', 'A_1', '100%', 'a.b', 'x');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, (c) => `\\${c}`);
}

describe('table/regexp reversal (property: match(reverse(name, params)) gives the params back)', () => {
  it('for generated literal-and-group expressions, with and without a prefix', () => {
    let reversed = 0;
    let refused = 0;
    fc.assert(
      fc.property(piecesArb, fc.array(valueArb, { minLength: 5, maxLength: 5 }), fc.boolean(), fc.boolean(), (pieces, values, anchored, prefixed) => {
        let n = 0;
        const names: string[] = [];
        const source = pieces
          .map((piece) => {
            if ('text' in piece) return escape(piece.text);
            const name = `g${n++}`;
            names.push(name);
            return `(?<${name}>${piece.group})`;
          })
          .join('');
        const expression = new RegExp(anchored ? `^${source}$` : `^${source}`);
        class Generated {}
        const prototype = Generated.prototype as unknown as Record<string, unknown>;
        prototype.r = () => undefined;
        Get(expression, 'r')(prototype, 'r', Object.getOwnPropertyDescriptor(prototype, 'r') as PropertyDescriptor);
        Controller('/c')(Generated);
        const table = buildRouteTable(prefixed ? [include('/:v', [Generated])] : [Generated]);
        expect(table.routes[0].pattern.regexp?.irreversible, String(expression)).to.equal(null);
        const params: Record<string, string> = Object.fromEntries(names.map((name, i) => [name, values[i]]));
        if (prefixed) params.v = values[4] || 'v';
        let path: string;
        try {
          path = reversePath(table, 'r', params);
        } catch (error) {
          expect(error).to.be.instanceOf(NoReverseMatch);
          refused++;
          return;
        }
        const result = new Matcher(table.routes).match('GET', path);
        expect(result.kind, `${expression} ${JSON.stringify(params)} → ${path}`).to.equal('found');
        if (result.kind !== 'found') return;
        expect({ ...result.candidates[0].params }, `${expression} → ${path}`).to.deep.equal(params);
        expect(path.split('/').some((segment) => segment === '.' || segment === '..'), path).to.equal(false);
        reversed++;
      }),
      { numRuns: 800 },
    );
    // Reversal that refused everything would pass the round trip vacuously.
    expect(reversed / (reversed + refused), `${reversed} reversed, ${refused} refused`).to.be.at.least(0.3);
  });
});
