import { expect } from 'chai';
import { QueryParameterVersioning } from '../../src';
import { agent, app, raw, statusOf } from './helpers';

/** Hostile input (docs/reference/hostile-input.md): paths and parameters, and limits. */
describe('reliability: paths, parameters and limits', () => {
  for (const path of ['/users/by-name/%E0%A4%A', '/users/by-name/%', '/users/by-name/%zz', '/files/%c0']) {
    it(`P1: a malformed escape (${path}) is a 400 problem that does not echo it`, async () => {
      const res = await agent().get(path);
      expect(res.status).to.equal(400);
      expect(res.body.detail).to.equal('Malformed percent-encoding in the URL path.');
      expect(res.text).to.not.contain(path.split('/').pop() as string);
    });
  }

  it('P2: encoded NUL and CR/LF reach the handler decoded, and a requirement can refuse them', async () => {
    expect((await agent().get('/users/by-name/a%00b').expect(200)).body.name).to.equal('a\u0000b');
    expect((await agent().get('/users/by-name/a%0d%0ab').expect(200)).body.name).to.equal('a\r\nb');
    await agent().get('/users/1%00').expect(404);
  });

  it('P3: an encoded slash stays inside one parameter', async () => {
    expect((await agent().get('/users/by-name/a%2Fb').expect(200)).body.name).to.equal('a/b');
  });

  it('P4: raw dot segments are not normalised (404); encoded ones never match a parameter (reversal could not build them)', async () => {
    await agent().get('/users/by-name/../1').expect(404);
    for (const path of ['/users/by-name/%2e%2e', '/users/by-name/%2E', '/users/by-name/.%2e']) await agent().get(path).expect(404);
    expect((await agent().get('/users/by-name/%2e%2e%2e').expect(200)).body.name).to.equal('...');
  });

  it('P5: duplicate slashes are a 404, never a redirect', async () => {
    for (const path of ['//users/1', '/users//1']) {
      const res = await agent().get(path);
      expect(res.status, path).to.equal(404);
      expect(res.headers).to.not.have.property('location');
    }
  });

  it('P6: a trailing slash matches, and reversal emits the form without it', async () => {
    const res = await agent().get('/users/7/').set('Host', 'h.test').expect(200);
    expect(res.body.self).to.equal('http://h.test/users/7');
  });

  it('P7: static segments are case-sensitive; parameter values keep their case', async () => {
    await agent().get('/USERS/1').expect(404);
    expect((await agent().get('/users/by-name/MiXeD').expect(200)).body.name).to.equal('MiXeD');
  });

  it('P8: raw non-ASCII bytes in the request target are refused by Node before the app', async () => {
    const response = await raw(app(), Buffer.concat([Buffer.from('GET /users/by-name/'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: h\r\n\r\n')]));
    expect(statusOf(response)).to.equal(400);
  });

  it('P9: a non-ASCII static segment matches its percent-encoded form, and reversal emits that form', async () => {
    const res = await agent().get('/caf%C3%A9/cr%C3%A8me').set('Host', 'h.test').expect(200);
    expect(res.body).to.deep.equal({ item: 'crème', self: 'http://h.test/caf%C3%A9/cr%C3%A8me' });
    expect(app().url('cafe', { item: 'x' })).to.equal('/caf%C3%A9/x');
  });

  it('P10: double encoding is decoded exactly once', async () => {
    expect((await agent().get('/users/by-name/%2520').expect(200)).body.name).to.equal('%20');
  });

  it('P11: absolute-form targets route on the path and keep the Host header; OPTIONS * is a 404', async () => {
    const absolute = await raw(app(), 'GET http://evil.com/users/1 HTTP/1.1\r\nHost: good.test\r\nConnection: close\r\n\r\n');
    expect(statusOf(absolute)).to.equal(200);
    expect(absolute).to.contain('"self":"http://good.test/users/1"');
    expect(statusOf(await raw(app(), 'OPTIONS * HTTP/1.1\r\nHost: good.test\r\nConnection: close\r\n\r\n'))).to.equal(404);
  });

  it('P12: look-alike characters are not normalised', async () => {
    await agent().get('/users%EF%BC%8F1').expect(404);
    expect((await agent().get('/users/by-name/e%CC%81').expect(200)).body.name).to.equal('e\u0301');
  });

  it('L1: a head over 16 KiB is a 431 from Node, the app never runs', async () => {
    const response = await raw(app(), `GET /users/1 HTTP/1.1\r\nHost: h\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`);
    expect(statusOf(response)).to.equal(431);
  });

  it('L2: a path parameter over limits.paramLength is a 414; wildcards are exempt', async () => {
    const res = await agent().get(`/users/by-name/${'a'.repeat(257)}`);
    expect([res.status, res.body.detail]).to.deep.equal([414, 'A path parameter is too long.']);
    await agent().get(`/users/by-name/${'a'.repeat(256)}`).expect(200);
    await agent({ limits: { paramLength: 8 } }).get('/users/by-name/123456789').expect(414);
    await agent().get(`/files/${'a/'.repeat(300)}x`).expect(200);
  });

  it('L5: a thousand query parameters and repeated version keys: one scan, the last value', async () => {
    const query = Array.from({ length: 500 }, (_, i) => `k${i}=${i}&version=${i}`).join('&');
    const res = await agent({ versioning: new QueryParameterVersioning() }).get(`/users/1?${query}`).set('Host', 'h.test').expect(200);
    expect(res.body.self).to.equal('http://h.test/users/1?version=499');
  });

  it('L6: more headers than Node keeps are dropped (Node 20) or refused by Node with a 431 (Node 22 and later), never fatal', async () => {
    const headers = Array.from({ length: 2100 }, (_, i) => `X-H${i}: 1\r\n`).join('');
    const made = app();
    const expected = Number(process.versions.node.split('.')[0]) >= 22 ? 431 : 200;
    expect(statusOf(await raw(made, `GET /users/1 HTTP/1.1\r\nHost: h\r\n${headers}Connection: close\r\n\r\n`))).to.equal(expected);
    expect(statusOf(await raw(made, 'GET /users/1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'))).to.equal(200);
  });
});
