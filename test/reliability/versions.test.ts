import { expect } from 'chai';
import { AcceptHeaderVersioning, include, NamespaceVersioning, NoReverseMatch, QueryParameterVersioning, URLPathVersioning } from '../../src';
import { agent, app, raw, statusOf, Users } from './helpers';

const accept = () => agent({ versioning: new AcceptHeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
const acceptOpen = () => agent({ versioning: new AcceptHeaderVersioning() });

/** Hostile input (docs/reference/hostile-input.md): Accept, and query, path and namespace versions. */
describe('reliability: version values', () => {
  it('A1: a version outside the allowlist is a 406 with a fixed message and Vary: Accept', async () => {
    const res = await accept().get('/users/1').set('Accept', 'application/json; version=v9');
    expect([res.status, res.body.detail, res.headers.vary]).to.deep.equal([406, 'Invalid version in "Accept" header.', 'Accept, Accept-Language']);
  });

  it('A2: an empty version is "", which the allowlist refuses; no "=" means absent (the default)', async () => {
    for (const value of ['application/json; version=', 'application/json; version=""']) expect((await accept().get('/users/1').set('Accept', value)).status, value).to.equal(406);
    await accept().get('/users/1').set('Accept', 'application/json; version').expect(200);
  });

  it('A3: a repeated parameter takes the last value', async () => {
    await accept().get('/users/1').set('Accept', 'application/json; version=9; version=2').expect(200);
    expect((await accept().get('/users/1').set('Accept', 'application/json; version=2; version=9')).status).to.equal(406);
  });

  it('A4: two Accept headers are negotiated as one list', async () => {
    const made = app({ versioning: new AcceptHeaderVersioning({ allowedVersions: ['2'] }) });
    const response = await raw(made, 'GET /users/1 HTTP/1.1\r\nHost: h\r\nAccept: text/plain\r\nAccept: application/json; version=2\r\nConnection: close\r\n\r\n');
    expect(statusOf(response)).to.equal(200);
  });

  it('A5: version=* and vendor types are not wildcards: the allowlist decides', async () => {
    expect((await accept().get('/users/1').set('Accept', 'application/json; version=*')).status).to.equal(406);
    expect((await accept().get('/users/1').set('Accept', '*/*; version=4')).status).to.equal(406);
    expect((await accept().get('/users/1').set('Accept', 'application/vnd.x.v2+json')).status).to.equal(406);
  });

  for (const value of [';;;', ',,,', 'junk', 'application/json:abc', 'a/b;=x', '"', 'application/json; version="unterminated']) {
    it(`A6: a malformed Accept (${value}) is a 406, never a 500`, async () => {
      const res = await accept().get('/users/1').set('Accept', value);
      expect(res.status).to.equal(406);
    });
  }

  for (const value of ['<script>', '"a\\"b"', '__proto__', 'constructor']) {
    it(`A7: version=${value} is refused by the allowlist and never echoed`, async () => {
      const res = await accept().get('/users/1').set('Accept', `application/json; version=${value}`);
      expect(res.status).to.equal(406);
      expect(res.text).to.not.contain('script').and.not.contain('proto');
    });
  }

  it('A8: an invalid range followed by a valid one: the valid one is chosen', async () => {
    const res = await accept().get('/users/1').set('Accept', 'version=bogus, application/json; version=2; q=0.5').expect(200);
    expect(res.headers.vary).to.equal('Accept');
  });

  it('A9: no Accept and Accept without a version both get the default', async () => {
    await accept().get('/users/1').expect(200);
    await accept().get('/users/1').set('Accept', 'application/json').expect(200);
  });

  it('A10: a huge Accept is bounded (first 32 ranges)', async () => {
    const value = `${Array.from({ length: 600 }, (_, i) => `text/x-${i}`).join(', ')}, application/json`;
    expect((await accept().get('/users/1').set('Accept', value)).status).to.equal(406);
  });

  it('L3: an over-long version token is refused before any lookup, whatever the allowlist', async () => {
    const long = 'v'.repeat(65);
    expect((await acceptOpen().get('/users/1').set('Accept', `application/json; version=${long}`)).status).to.equal(406);
    expect((await agent({ versioning: new QueryParameterVersioning() }).get(`/users/1?version=${long}`)).status).to.equal(404);
    expect((await agent({ versioning: new QueryParameterVersioning({ maxVersionLength: 100 }) }).get(`/users/1?version=${long}`)).status).to.equal(200);
  });

  it('Q1: repeated query keys: the last value wins, never an array', async () => {
    const res = await agent({ versioning: new QueryParameterVersioning({ allowedVersions: ['1', '2'] }) }).get('/users/1?version=1&version=2').set('Host', 'h.test').expect(200);
    expect(res.body.self).to.equal('http://h.test/users/1?version=2');
  });

  it('Q2: bracket and dotted keys are other keys: the default applies', async () => {
    const query = agent({ versioning: new QueryParameterVersioning({ defaultVersion: '1', allowedVersions: ['1'] }) });
    await query.get('/users/1?version[]=9&version.x=9').expect(200);
  });

  it('Q3: prototype names in the query are ordinary keys: never the version unless they are versionParam', async () => {
    const plain = await agent({ versioning: new QueryParameterVersioning() }).get('/users/1?__proto__=x&constructor=1&hasOwnProperty=1').set('Host', 'h.test').expect(200);
    expect(plain.body.self).to.equal('http://h.test/users/1');
    const inherited = await agent({ versioning: new QueryParameterVersioning({ versionParam: 'toString', defaultVersion: '1', allowedVersions: ['1'] }) }).get('/users/1?__proto__=x').set('Host', 'h.test').expect(200);
    expect(inherited.body.self).to.equal('http://h.test/users/1?toString=1');
    const proto = () => agent({ versioning: new QueryParameterVersioning({ versionParam: '__proto__', allowedVersions: ['2'] }) });
    expect((await proto().get('/users/1?__proto__=2').set('Host', 'h.test').expect(200)).body.self).to.equal('http://h.test/users/1?__proto__=2');
    expect((await proto().get('/users/1?__proto__=9')).status).to.equal(404);
  });

  for (const value of ['%0d%0aSet-Cookie:x', '%E2%98%83', '%E0%A4%A']) {
    it(`Q4: ?version=${value} is a 404, never a 500 or a crash`, async () => {
      const res = await agent({ versioning: new QueryParameterVersioning({ allowedVersions: ['1'] }) }).get(`/users/1?version=${value}`);
      expect(res.status).to.equal(404);
      expect(res.headers).to.not.have.property('set-cookie');
    });
  }

  it('U1: URL-path versions: unknown and wrong-case are 404, an encoded one is decoded once', async () => {
    const path = () => agent({ versioning: new URLPathVersioning({ allowedVersions: ['v1'] }), routes: [include('/:version', [Users])] });
    for (const url of ['/v9/users/1', '/V1/users/1', '/v1%2Fx/users/1']) expect((await path().get(url)).status, url).to.equal(404);
    await path().get('/%76%31/users/1').expect(200);
  });

  it('N1: a namespace outside the allowlist is a 404; reversal to an unknown namespace throws at call time', async () => {
    const routes = [include('/v1', [Users], { namespace: 'v1' }), include('/beta', [Users], { namespace: 'beta' })];
    const res = await agent({ versioning: new NamespaceVersioning({ allowedVersions: ['v1'] }), routes }).get('/beta/users/1');
    expect([res.status, res.body.detail]).to.deep.equal([404, 'Invalid version in URL path. Does not match any version namespace.']);
    expect(() => app({ routes }).url('v2:user', { id: 1 })).to.throw(NoReverseMatch, "'v2' is not a registered namespace");
  });
});
