import { expect } from 'chai';
import { AcceptHeaderVersioning, Controller, createApp, Get, HostNameVersioning, include, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src';
import { documentOf, operations } from './validator';

@Controller('/things')
class Things {
  @Get('', 'things') things() {}
}

const lifecycle = {
  defaultVersion: 'v2',
  allowedVersions: ['v1', 'v2'],
  deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z', retireAfterSunset: true } },
};

describe('openapi/lifecycle', () => {
  const apps = {
    'url-path': createApp({ routes: [include('/:version', [Things])], versioning: new URLPathVersioning(lifecycle) }),
    namespace: createApp({ routes: [include('/v1', [Things], { namespace: 'v1' }), include('/v2', [Things], { namespace: 'v2' })], versioning: new NamespaceVersioning(lifecycle) }),
    'query-parameter': createApp({ routes: [Things], versioning: new QueryParameterVersioning(lifecycle) }),
    'accept-header': createApp({ routes: [Things], versioning: new AcceptHeaderVersioning(lifecycle) }),
    'host-name': createApp({ routes: [Things], versioning: new HostNameVersioning(lifecycle), origin: 'https://api.example.com' }),
  };

  for (const [scheme, app] of Object.entries(apps)) {
    it(`marks every operation of a deprecated version deprecated, and lists the 410 of a retiring one (${scheme})`, async () => {
      const v1 = [...operations(await documentOf(app, { version: 'v1' })).values()];
      expect(v1).to.have.length(1);
      expect(v1[0].deprecated).to.equal(true);
      expect(v1[0].responses).to.have.property('410');
      const v2 = [...operations(await documentOf(app, { version: 'v2' })).values()];
      expect(v2).to.have.length(1);
      expect(v2[0]).to.not.have.property('deprecated');
      expect(v2[0].responses).to.not.have.property('410');
    });
  }

  it('lists no 410 for a deprecated version that is not retired after its sunset', async () => {
    const versioning = new URLPathVersioning({ ...lifecycle, deprecated: { v1: { at: '2026-06-01T00:00:00Z' } } });
    const [operation] = operations(await documentOf(createApp({ routes: [include('/:version', [Things])], versioning }), { version: 'v1' })).values();
    expect(operation.deprecated).to.equal(true);
    expect(operation.responses).to.not.have.property('410');
  });
});
