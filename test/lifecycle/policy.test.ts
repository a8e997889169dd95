import { expect } from 'chai';
import { ImproperlyConfigured, NamespaceVersioning, URLPathVersioning, type VersioningOptions } from '../../src';

function refused(options: VersioningOptions): ImproperlyConfigured {
  try {
    new URLPathVersioning(options);
  } catch (error) {
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect((error as ImproperlyConfigured).code).to.equal('IMPROPERLY_CONFIGURED');
    return error as ImproperlyConfigured;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

const at = '2026-06-01T00:00:00Z';

describe('lifecycle/policy', () => {
  it('refuses a key that is not an allowed version, naming the scheme and the key', () => {
    const error = refused({ allowedVersions: ['v1', 'v2'], deprecated: { v3: { at } } });
    expect(error.message).to.contain('URLPathVersioning').and.contain('deprecated["v3"]').and.contain('allowedVersions');
  });

  it('counts the default version as allowed, and allows any key when allowedVersions is null', () => {
    expect(() => new URLPathVersioning({ defaultVersion: 'v0', allowedVersions: ['v1'], deprecated: { v0: { at } } })).to.not.throw();
    expect(() => new NamespaceVersioning({ deprecated: { anything: { at } } })).to.not.throw();
  });

  it('requires `at`', () => {
    expect(refused({ deprecated: { v1: {} as never } }).message).to.contain('`at` is required');
  });

  it('refuses an unparseable date or an invalid Date, naming the field', () => {
    for (const bad of ['2026-02-30T00:00:00Z', 'tomorrow', '2026-06-01T25:00:00Z', '1780272000', 1780272000, new Date(Number.NaN)]) {
      expect(refused({ deprecated: { v1: { at: bad as never } } }).message).to.contain('deprecated["v1"].at');
    }
    expect(refused({ deprecated: { v1: { at, sunset: '2027-13-01' } } }).message).to.contain('deprecated["v1"].sunset');
  });

  it('refuses a sunset before at, and retireAfterSunset without a sunset', () => {
    expect(refused({ deprecated: { v1: { at, sunset: '2026-05-31T23:59:59Z' } } }).message).to.contain('sunset').and.contain('before at');
    expect(refused({ deprecated: { v1: { at, retireAfterSunset: true } } }).message).to.contain('retireAfterSunset needs a sunset');
  });

  it('refuses unknown entry keys, a link that would break the header, and non-boolean flags', () => {
    expect(refused({ deprecated: { v1: { at, sunet: at } as never } }).message).to.contain('unknown option "sunet"');
    for (const link of ['https://example.com/a b', 'https://example.com/>; rel="x"', 'a\r\nSet-Cookie: x=1', '']) {
      expect(refused({ deprecated: { v1: { at, link } } }).message).to.contain('.link');
    }
    expect(refused({ deprecated: { v1: { at, sunset: at, retireAfterSunset: 'yes' as never } } }).message).to.contain('retireAfterSunset');
    expect(refused({ reportVersions: 1 as never }).message).to.contain('reportVersions');
    expect(refused({ deprecated: [] as never }).message).to.contain('deprecated must be an object');
  });

  it('refuses to report a version that cannot be listed in a header', () => {
    expect(refused({ allowedVersions: ['v1', 'a,b'], reportVersions: true }).message).to.contain('"a,b"');
    expect(() => new URLPathVersioning({ allowedVersions: ['v1', 'a,b'] })).to.not.throw();
  });

  it('accepts Dates, full-dates, offsets and a sunset equal to at, and keeps the options readable', () => {
    const scheme = new URLPathVersioning({
      allowedVersions: ['v1', 'v2', 'v3'],
      deprecated: { v1: { at: new Date(at) }, v2: { at: '2026-06-01' }, v3: { at: '2026-06-01T02:00:00+02:00', sunset: at } },
      reportVersions: true,
    });
    expect(Object.keys(scheme.deprecated)).to.deep.equal(['v1', 'v2', 'v3']);
    expect(scheme.reportVersions).to.equal(true);
    for (const version of ['v1', 'v2', 'v3']) expect(scheme.lifecycle.headersFor(version)).to.deep.include(['Deprecation', '@1780272000']);
  });
});
