import { expect } from 'chai';
import { HostNameVersioning, ImproperlyConfigured } from '../../src';
import { agent } from './helpers';

describe('versioning/host-name', () => {
  const observed: [string, string | null][] = [
    ['v1.example.org:8000', 'v1'],
    ['V1.Example.org', 'V1'],
    ['v1.api.example.org', null],
    ['v1-beta.example.org', null],
    ['127.0.0.1', null],
    ['example.org', null],
    ['localhost:8000', null],
    ['v1.example.org.', null],
    ['[::1]:8000', null],
  ];
  for (const [host, version] of observed) {
    it(`Host: ${host} → ${JSON.stringify(version)}`, async () => {
      const res = await agent(new HostNameVersioning()).get('/things').set('Host', host).expect(200);
      expect(res.body.version).to.equal(version);
    });
  }

  it("regression: took 'v1' from hosts no URL parser accepts (v1.example.123, 1.2.3); a Host no URL parser accepts is a 400 before any version (docs/reference/decisions.md#host)", async () => {
    for (const host of ['v1.example.123', '1.2.3', 'v1.example.com:65536', 'xn--a.example.com', '.', 'v1..com']) {
      const res = await agent(new HostNameVersioning()).get('/things').set('Host', host).expect(400);
      expect(res.body.detail, host).to.equal('Invalid Host header.');
    }
  });

  it('gives the default unchecked to a host that does not match (DRF)', async () => {
    const res = await agent(new HostNameVersioning({ allowedVersions: ['v1'] })).get('/things').set('Host', 'localhost').expect(200);
    expect(res.body.version).to.equal(null);
  });

  it('keeps the versioned host and port in links', async () => {
    const res = await agent(new HostNameVersioning()).get('/things').set('Host', 'v1.example.org:8000').expect(200);
    expect(res.body.link).to.equal('http://v1.example.org:8000/things/7');
  });

  it('answers 400 to a malformed Host before reading a version from it', async () => {
    for (const host of ['v1.example.com:x@evil.com', 'v1.example.com/evil', 'v1.example.com evil']) {
      const res = await agent(new HostNameVersioning()).get('/things').set('Host', host);
      expect([res.status, res.body.detail], host).to.deep.equal([400, 'Invalid Host header.']);
    }
  });

  it('takes its pattern from the hostnameRegex option', async () => {
    const scheme = new HostNameVersioning({ hostnameRegex: /^api-(v\d+)\.example\.com$/, allowedVersions: ['v2'] });
    expect((await agent(scheme).get('/things').set('Host', 'api-v2.example.com').expect(200)).body.version).to.equal('v2');
    expect((await agent(scheme).get('/things').set('Host', 'api-v3.example.com')).status).to.equal(404);
    expect(() => new HostNameVersioning({ hostnameRegex: 42 as never })).to.throw(ImproperlyConfigured);
  });
});
