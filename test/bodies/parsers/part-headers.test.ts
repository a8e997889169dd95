import { expect } from 'chai';
import fc from 'fast-check';
import { boundaryOf, PartHeaders } from '../../../src/bodies/parsers/part-headers';
import { multipart } from './helpers';

const verdict = (body: Buffer, cuts: number[], max: number) => {
  const watch = new PartHeaders('waymark-test-boundary', max);
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < body.length)].sort((a, b) => a - b)) {
    if (!watch.push(body.subarray(at, cut))) return false;
    at = cut;
  }
  return watch.push(body.subarray(at));
};

describe('http/parsers/part-headers', () => {
  it('refuses a body exactly when one part header is longer than the limit, however it is cut into chunks', () => {
    let refused = 0;
    let kept = 0;
    fc.assert(
      fc.property(fc.array(fc.record({ junk: fc.integer({ min: 0, max: 60 }), value: fc.string({ maxLength: 30 }) }), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(400)), (parts, cuts) => {
        const max = 80;
        const { body } = multipart(parts.map((part, i) => ({ name: `f${i}${'j'.repeat(part.junk)}`, value: part.value })));
        // Header block: `Content-Disposition: form-data; name="..."` after the delimiter line's CRLF.
        const longest = Math.max(...parts.map((part, i) => `\r\nContent-Disposition: form-data; name="f${i}${'j'.repeat(part.junk)}"`.length));
        const expected = longest <= max;
        expect(verdict(body, cuts, max)).to.equal(expected);
        expect(verdict(body, [], max)).to.equal(expected);
        if (expected) kept++;
        else refused++;
      }),
      { numRuns: 300 },
    );
    expect(kept).to.be.at.least(30);
    expect(refused).to.be.at.least(30);
  });

  it('reads the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).to.equal('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b"')).to.equal('a b');
    expect(boundaryOf('multipart/form-data')).to.equal(undefined);
  });
});
