import { expect } from 'chai';
import { HostNameVersioning } from '../../src';
import { agent, app, raw, statusOf } from './helpers';

const hostScheme = () => new HostNameVersioning({ allowedVersions: ['v1', 'v2'] });

/** Hostile input (docs/reference/hostile-input.md): the Host header and proxies. */
describe('reliability: Host and proxies', () => {
  it('H1: no Host on HTTP/1.1 is a 400 from Node', async () => {
    expect(statusOf(await raw(app(), 'GET /users/1 HTTP/1.1\r\nConnection: close\r\n\r\n'))).to.equal(400);
  });

  it('H2: no Host on HTTP/1.0, or an empty one, never builds a URL from ""', async () => {
    expect(statusOf(await raw(app(), 'GET /users/1 HTTP/1.0\r\n\r\n'))).to.equal(400);
    const empty = await agent().get('/users/1').set('Host', '');
    expect([empty.status, empty.body.detail]).to.deep.equal([400, 'Invalid Host header.']);
  });

  const poisoned = ['evil.com:fake@good.com', 'user@example.com', 'user@', 'example.com:dr.frankenstein@evil.tld:80'];
  for (const host of poisoned) {
    it(`H3: Host ${host} is a 400 for links and for host-name versioning`, async () => {
      expect((await agent().get('/users/1').set('Host', host)).status).to.equal(400);
      expect((await agent({ versioning: hostScheme() }).get('/users/1').set('Host', host)).status).to.equal(400);
    });
  }

  for (const host of ['good.com/evil', 'good.com evil.com', 'example.com: recovermypassword.com', 'example.com:80/badpath']) {
    it(`H4: Host ${JSON.stringify(host)} is a 400`, async () => {
      expect((await agent({ versioning: hostScheme() }).get('/users/1').set('Host', host)).status).to.equal(400);
    });
  }

  it('H5: malformed IPv6 hosts are a 400', async () => {
    for (const host of ['[::1', '[::1]/x']) expect((await agent().get('/users/1').set('Host', host)).status, host).to.equal(400);
    expect((await agent().get('/users/1').set('Host', '[::1]:8080').expect(200)).body.self).to.equal('http://[::1]:8080/users/1');
  });

  it('H6: with two Host headers Node keeps the first, and so does waymark', async () => {
    const response = await raw(app(), 'GET /users/1 HTTP/1.1\r\nHost: first.test\r\nHost: second.test\r\nConnection: close\r\n\r\n');
    expect(statusOf(response)).to.equal(200);
    expect(response).to.contain('"self":"http://first.test/users/1"');
  });

  it('H7: a comma-separated Host is a 400', async () => {
    expect((await agent().get('/users/1').set('Host', 'a.com, b.com')).status).to.equal(400);
  });

  it('H8: X-Forwarded-Host is ignored unless the peer is a trusted proxy', async () => {
    const untrusted = await agent().get('/users/1').set('Host', 'real.test').set('X-Forwarded-Host', 'evil.test').expect(200);
    expect(untrusted.body.self).to.equal('http://real.test/users/1');
    const elsewhere = await agent({ proxy: ['10.1.2.3'] }).get('/users/1').set('Host', 'real.test').set('X-Forwarded-Host', 'evil.test').expect(200);
    expect(elsewhere.body.self).to.equal('http://real.test/users/1');
    const trusted = await agent({ proxy: ['127.0.0.1', '::1'] }).get('/users/1').set('Host', 'internal').set('X-Forwarded-Host', 'spoofed.test, public.test').expect(200);
    expect(trusted.body.self).to.equal('http://public.test/users/1');
    const byFunction = await agent({ proxy: (address) => address === '127.0.0.1' || address === '::1' }).get('/users/1').set('X-Forwarded-Host', 'fn.test').expect(200);
    expect(byFunction.body.self).to.equal('http://fn.test/users/1');
  });

  it('H9: X-Forwarded-Proto other than http or https is a 400; the last hop counts', async () => {
    const trusted = { proxy: true as const };
    expect((await agent(trusted).get('/users/1').set('Host', 'h.test').set('X-Forwarded-Proto', 'javascript')).status).to.equal(400);
    expect((await agent(trusted).get('/users/1').set('Host', 'h.test').set('X-Forwarded-Proto', 'x y')).status).to.equal(400);
    expect((await agent(trusted).get('/users/1').set('Host', 'h.test').set('X-Forwarded-Proto', 'http, HTTPS').expect(200)).body.self).to.equal('https://h.test/users/1');
    expect((await agent().get('/users/1').set('Host', 'h.test').set('X-Forwarded-Proto', 'https').expect(200)).body.self).to.equal('http://h.test/users/1');
  });

  it('H10: host-name versioning keeps DRF’s rules: case kept, a trailing dot does not match', async () => {
    expect((await agent({ versioning: new HostNameVersioning() }).get('/users/1').set('Host', 'V1.API.EXAMPLE:8080').expect(200)).body.self).to.equal('http://V1.API.EXAMPLE:8080/users/1');
    const dotted = await agent({ versioning: new HostNameVersioning({ allowedVersions: ['v1'] }) }).get('/users/1').set('Host', 'v1.example.com.').expect(200);
    expect(dotted.body.self).to.equal('http://v1.example.com./users/1');
  });

  it('H11: raw UTF-8 bytes in Host are a 400', async () => {
    const response = await raw(app(), Buffer.concat([Buffer.from('GET /users/1 HTTP/1.1\r\nHost: caf'), Buffer.from([0xc3, 0xa9]), Buffer.from('.test\r\nConnection: close\r\n\r\n')]));
    expect(statusOf(response)).to.equal(400);
  });

  it('H12: an unknown version label on a good host is a 404 with DRF’s message', async () => {
    const res = await agent({ versioning: hostScheme() }).get('/users/1').set('Host', 'v9.example.com');
    expect([res.status, res.body.detail]).to.deep.equal([404, 'Invalid version in hostname.']);
  });
});
