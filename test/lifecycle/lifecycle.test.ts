import { expect } from 'chai';
import fc from 'fast-check';
import { URLPathVersioning, type VersioningOptions } from '../../src';

const lifecycleOf = (options: VersioningOptions) => new URLPathVersioning(options).lifecycle;
const at = '2026-06-01T00:00:00Z';

describe('lifecycle/lifecycle', () => {
  it('is inactive without deprecated or reportVersions', () => {
    const lifecycle = lifecycleOf({ allowedVersions: ['v1'] });
    expect(lifecycle.active).to.equal(false);
    expect(lifecycle.headersFor('v1')).to.deep.equal([]);
  });

  it('sends Deprecation alone, then Sunset and Link as configured', () => {
    const lifecycle = lifecycleOf({
      deprecated: {
        a: { at },
        b: { at, link: '/docs/b' },
        c: { at: '1969-12-31T23:59:59.5Z', sunset: '2030-02-28T12:30:00-01:00' },
      },
    });
    expect(lifecycle.headersFor('a')).to.deep.equal([['Deprecation', '@1780272000']]);
    expect(lifecycle.headersFor('b')).to.deep.equal([
      ['Deprecation', '@1780272000'],
      ['Link', '</docs/b>; rel="deprecation"; type="text/html"'],
    ]);
    expect(lifecycle.headersFor('c')).to.deep.equal([
      ['Deprecation', '@-1'],
      ['Sunset', 'Thu, 28 Feb 2030 13:30:00 GMT'],
    ]);
    expect(lifecycle.headersFor('d')).to.deep.equal([]);
    expect(lifecycle.headersFor(null)).to.deep.equal([]);
  });

  it('lists versions in allowedVersions order, then an unlisted default, skipping null and empty lists', () => {
    const lifecycle = lifecycleOf({
      defaultVersion: 'v9',
      allowedVersions: ['v3', null, 'v1', 'v2'],
      deprecated: { v2: { at }, v3: { at } },
      reportVersions: true,
    });
    const reported = [
      ['API-Supported-Versions', 'v1, v9'],
      ['API-Deprecated-Versions', 'v3, v2'],
    ];
    expect(lifecycle.reported).to.deep.equal(reported);
    expect(lifecycle.headersFor('v1')).to.deep.equal(reported);
    expect(lifecycle.headersFor('v2')).to.deep.equal([...reported, ['Deprecation', '@1780272000']]);
    expect(lifecycle.ownHeaders('v2')).to.deep.equal([['Deprecation', '@1780272000']]);
    expect(lifecycle.ownHeaders('v1')).to.deep.equal([]);
    expect(lifecycleOf({ allowedVersions: ['v1'], reportVersions: true }).reported).to.deep.equal([['API-Supported-Versions', 'v1']]);
    expect(lifecycleOf({ deprecated: { old: { at } }, reportVersions: true }).reported).to.deep.equal([['API-Deprecated-Versions', 'old']]);
  });

  it('retires a version from its sunset on, only with retireAfterSunset, reading the clock only then', () => {
    const sunset = Date.parse('2027-01-01T00:00:00Z');
    const lifecycle = lifecycleOf({
      deprecated: { v1: { at, sunset: '2027-01-01T00:00:00Z', retireAfterSunset: true }, v2: { at, sunset: '2027-01-01T00:00:00Z' } },
    });
    expect(lifecycle.retiredOn('v1', () => sunset - 1)).to.equal(null);
    expect(lifecycle.retiredOn('v1', () => sunset)).to.equal('Fri, 01 Jan 2027 00:00:00 GMT');
    const untouched = () => {
      throw new Error('the clock was read');
    };
    expect(lifecycle.retiredOn('v2', untouched)).to.equal(null);
    expect(lifecycle.retiredOn('v3', untouched)).to.equal(null);
    expect(lifecycle.retiredOn(null, untouched)).to.equal(null);
  });

  it('writes headers that read back to the configured moments, for any dates (property)', () => {
    let checked = 0;
    const moment = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(moment, moment, fc.boolean(), (a, b, asString) => {
        const [at, sunset] = a <= b ? [a, b] : [b, a];
        const entry = asString ? { at: at.toISOString(), sunset: sunset.toISOString() } : { at, sunset };
        const headers = new Map(lifecycleOf({ deprecated: { v: { ...entry, link: '/v' } } }).headersFor('v'));
        expect(headers.get('Deprecation')).to.equal(`@${Math.floor(at.getTime() / 1000)}`);
        const sent = headers.get('Sunset') ?? '';
        expect(sent).to.match(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/);
        expect(Date.parse(sent)).to.equal(Math.floor(sunset.getTime() / 1000) * 1000);
        expect(headers.get('Link')).to.equal('</v>; rel="deprecation"; type="text/html", </v>; rel="sunset"; type="text/html"');
        checked++;
      }),
      { numRuns: 200 },
    );
    expect(checked).to.equal(200);
  });
});
