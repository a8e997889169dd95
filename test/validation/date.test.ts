import { expect } from 'chai';
import fc from 'fast-check';
import { parseRfc3339 } from '../../src/validation/date';

describe('validation/date', () => {
  const accepted: [string, string][] = [
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['1985-04-12T23:20:50.52Z', '1985-04-12T23:20:50.520Z'],
    ['1996-12-19T16:39:57-08:00', '1996-12-20T00:39:57.000Z'],
    ['1990-12-31t15:59:60-08:00', '1991-01-01T00:00:00.000Z'], // RFC 3339's own leap-second example
    ['2026-11-24T09:00:00.123456789+05:30', '2026-11-24T03:30:00.123Z'],
    ['2026-11-24T09:00:00z', '2026-11-24T09:00:00.000Z'],
  ];
  for (const [text, iso] of accepted) {
    it(`accepts ${text}`, () => expect(parseRfc3339(text)?.toISOString()).to.equal(iso));
  }

  const refused = [
    '', '2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-1-01', '24-01-01', '2024-01-01T25:00:00Z',
    '2024-01-01T10:60:00Z', '2024-01-01T10:00:61Z', '2024-01-01T10:00Z', '2024-01-01T10:00:00', '2024-01-01 10:00:00Z',
    '2024-01-01T10:00:00+24:00', '2024-01-01T10:00:00+05', 'Tue, 24 Nov 2026 09:00:00 GMT', '1700000000', '2024-W01-1',
    ' 2024-01-01', '2024-01-01\n', '+002024-01-01',
  ];
  for (const text of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => expect(parseRfc3339(text)).to.equal(undefined));
  }

  it('reads every instant as Date would read its ISO text (property)', () => {
    let parsed = 0;
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.boolean(), (date, dateOnly) => {
        const iso = date.toISOString();
        const text = dateOnly ? iso.slice(0, 10) : iso;
        const result = parseRfc3339(text);
        expect(result?.getTime()).to.equal(Date.parse(dateOnly ? `${text}T00:00:00Z` : text));
        if (result) parsed++;
      }),
      { numRuns: 300 },
    );
    expect(parsed).to.be.at.least(300);
  });
});
