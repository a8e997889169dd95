import { expect } from 'chai';
import fc from 'fast-check';
import { InvalidArgument, TooManyRequests } from '../../src';
import { parseRfc3339 } from '../../src/validation/date';

describe('header and date formats (header_and_date_formats)', () => {
  it('Retry-After is whole digits; a retryAfter beyond 2^53 − 1 seconds is InvalidArgument, not 1e+21', () => {
    expect(() => new TooManyRequests(undefined, { retryAfter: 1e21 })).to.throw(InvalidArgument, /retryAfter/);
    expect(() => new TooManyRequests(undefined, { retryAfter: Infinity })).to.throw(InvalidArgument);
    expect(new TooManyRequests(undefined, { retryAfter: Number.MAX_SAFE_INTEGER }).headers['Retry-After']).to.equal('9007199254740991');
  });

  it('property: every accepted retryAfter is written as digits (floor)', () => {
    let written = 0;
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: 0, max: 1e25, noNaN: true }), fc.integer({ min: 0, max: 1e6 })), (seconds) => {
        let header: string | undefined;
        try {
          header = new TooManyRequests(undefined, { retryAfter: seconds }).headers['Retry-After'];
        } catch (error) {
          expect(error).to.be.instanceOf(InvalidArgument);
          expect(seconds).to.be.above(Number.MAX_SAFE_INTEGER);
          return;
        }
        written++;
        expect(header).to.match(/^\d+$/);
      }),
      { numRuns: 300 },
    );
    expect(written).to.be.at.least(100);
  });

  it('a leap second is accepted only at 23:59:60 UTC, after the offset (RFC 3339 §5.7)', () => {
    expect(parseRfc3339('2016-12-31T23:59:60Z')?.toISOString()).to.equal('2017-01-01T00:00:00.000Z');
    expect(parseRfc3339('2016-12-31T18:59:60-05:00')?.toISOString()).to.equal('2017-01-01T00:00:00.000Z');
    expect(parseRfc3339('2017-01-01T00:29:60+00:30')?.toISOString()).to.equal('2017-01-01T00:00:00.000Z');
    for (const text of ['2016-12-31T12:34:60Z', '2016-12-31T23:59:60+01:00', '2016-12-31T23:58:60Z', '2016-12-31T00:00:60Z']) {
      expect(parseRfc3339(text), text).to.equal(undefined);
    }
  });
});
