import { expect } from 'chai';
import fc from 'fast-check';
import { parseRfc3339 } from '../../src/lifecycle/rfc3339';

describe('lifecycle/rfc3339', () => {
  it('reads date-times with Z or an offset, fractions, lower-case separators and full-dates', () => {
    expect(parseRfc3339('2026-06-01T00:00:00Z')).to.equal(Date.UTC(2026, 5, 1));
    expect(parseRfc3339('2026-06-01t02:00:00.250+02:00')).to.equal(Date.UTC(2026, 5, 1, 0, 0, 0, 250));
    expect(parseRfc3339('2026-06-01 00:00:00-00:30')).to.equal(Date.UTC(2026, 5, 1, 0, 30));
    expect(parseRfc3339('2026-06-01')).to.equal(Date.UTC(2026, 5, 1));
    expect(parseRfc3339('2024-02-29T00:00:00Z')).to.equal(Date.UTC(2024, 1, 29));
    expect(parseRfc3339('2016-12-31T23:59:60Z')).to.equal(Date.UTC(2016, 11, 31, 23, 59, 59, 999));
    expect(parseRfc3339('0001-01-01T00:00:00Z')).to.equal(new Date('0001-01-01T00:00:00Z').getTime());
  });

  it('refuses impossible dates and other formats', () => {
    for (const text of ['2026-02-29T00:00:00Z', '1900-02-29', '2026-04-31', '2026-00-10', '2026-06-01T24:00:00Z', '2026-06-01T00:60:00Z',
      '2026-06-01T00:00:00', '2026-06-01T00:00Z', '2026-06-01T00:00:00+24:00', '26-06-01', 'June 1, 2026', '', ' 2026-06-01']) {
      expect(parseRfc3339(text), text).to.equal(null);
    }
  });

  it('reads back every instant Date#toISOString writes, and agrees with Date.parse on valid input', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), (date, offsetMinutes) => {
        expect(parseRfc3339(date.toISOString())).to.equal(date.getTime());
        const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const abs = Math.abs(offsetMinutes);
        const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        if (/^\d{4}-/.test(local)) {
          expect(parseRfc3339(local + offset)).to.equal(date.getTime());
          read++;
        }
      }),
      { numRuns: 300 },
    );
    expect(read).to.be.at.least(150);
  });
});
