import { expect } from 'chai';
import { AcceptHeaderVersioning, Controller, createApp, Get, HostNameVersioning, include, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src';

@Controller('/users')
class Users {
  @Get('', 'list') list() {
    return [];
  }
}

const options = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'], versionParam: 'api', deprecated: { v1: { at: '2026-01-01T00:00:00Z', sunset: new Date('2027-01-01T00:00:00Z'), link: 'https://example.com/v1' } } };

describe('versioning: describe() and app.versioningInfo, the scheme as tools read it', () => {
  const cases = [
    [new URLPathVersioning(options), 'path', 'api'],
    [new NamespaceVersioning(options), 'namespace', null],
    [new AcceptHeaderVersioning(options), 'accept', 'api'],
    [new HostNameVersioning(options), 'host', null],
    [new QueryParameterVersioning(options), 'query', 'api'],
  ] as const;
  for (const [scheme, carrier, parameter] of cases) {
    it(`${scheme.constructor.name} says it carries the version in ${carrier}`, () => {
      const app = createApp({ routes: [include('/:api', [Users], { namespace: 'v1' })], versioning: scheme });
      expect(app.versioningInfo).to.deep.equal({
        scheme: scheme.constructor.name,
        carrier,
        parameter,
        defaultVersion: 'v1',
        allowedVersions: ['v1', 'v2'],
        deprecations: [{ version: 'v1', at: '2026-01-01T00:00:00.000Z', sunset: '2027-01-01T00:00:00.000Z', link: 'https://example.com/v1', retireAfterSunset: false }],
      });
      expect(Object.isFrozen(app.versioningInfo)).to.equal(true);
      expect(Object.isFrozen(app.versioningInfo?.deprecations[0])).to.equal(true);
    });
  }

  it('allows every version as null, and an unversioned app has none', () => {
    expect(createApp({ routes: [Users], versioning: new QueryParameterVersioning({ allowedVersions: [] }) }).versioningInfo).to.include({ allowedVersions: null, defaultVersion: null, carrier: 'query' });
    expect(createApp({ routes: [Users] }).versioningInfo).to.equal(null);
  });
});
