import { expect } from 'chai';
import request from 'supertest';
import { AcceptHeaderVersioning, createApp } from '../../src';
import { NEGOTIATION_MEMO_LIMIT } from '../../src/negotiation/offers';
import { versionParameter } from '../../src/versioning/accept-header';
import { runtimeOf } from '../../src/runtime';
import { agent, Things } from './helpers';

/** The Accept-header rules of docs/reference/versioning.md#accept-header, every row with a counterpart in waymark (no `?format=`). */
const table: [string | undefined, string | null][] = [
  ['application/json; version=1.2.3', '1.2.3'],
  ['*/*; version=1.2.3', '1.2.3'],
  ['application/*; version=1.0', '1.0'],
  ['application/json', null],
  [undefined, null],
  ['application/json; version="1.0"', '1.0'],
  ['application/json;version=1.0', '1.0'],
  ['application/json;  version = 1.0 ', '1.0'],
  ['application/json; VERSION=1.0', '1.0'],
  ['Application/JSON; version=1.0', '1.0'],
  ['application/json; version=V1.0', 'V1.0'],
  ["application/json; version='1.0'", "'1.0'"],
  ['application/json; version=', ''],
  ['application/json; version=""', ''],
  ['application/json; version', null],
  ['application/json; version=1 0', '1 0'],
  ['application/json; version="a;b"', 'a;b'],
  ['*/*;version="a;b"', 'a;b'],
  ['application/json; version="a,b"', 'a,b'],
  ["application/json; version*=utf-8''1%2E0", '1.0'],
  ['application/json; version=1.0; version=2.0', '2.0'],
  ['application/json; Version=1; version=2', '2'],
  ['application/json; version=1.0; q=0.1, application/json; q=1', '1.0'],
  ['application/json, */*; version=1.0', null],
  ['text/plain; version=1.0, application/json', null],
  ['text/html; version=9, application/json; version=1.0', '1.0'],
  ['application/json; indent=4; version=1.0', '1.0'],
  ['application/json; version="1\\"0"', '1"0'],
];

describe('versioning/accept-header', () => {
  for (const [accept, version] of table) {
    it(`${accept === undefined ? 'no Accept header' : `Accept: ${accept}`} → ${JSON.stringify(version)}`, async () => {
      const test = agent(new AcceptHeaderVersioning()).get('/things');
      const res = await (accept === undefined ? test : test.set('Accept', accept)).expect(200);
      expect(res.body.version).to.equal(version);
      expect(res.headers.vary).to.equal('Accept');
      // The response names the version that answered it, in the parameter the request asks with.
      expect(res.headers['content-type']).to.equal(`application/json${version === null ? '' : versionParameter('version', version)}; charset=utf-8`);
    });
  }

  it('regression: a version a header cannot carry (vé, or bytes that are not UTF-8) was a 500; the Content-Type names it in RFC 8187 form, which reads back', async () => {
    for (const [accept, version] of [["application/json; version*=utf-8''v%C3%A9", 'vé'], ["application/json; version*=iso-8859-1''v%E9", 'vé']] as const) {
      const res = await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', accept).expect(200);
      expect(res.body.version, accept).to.equal(version);
      const sent = /; (version\*=utf-8''[^;]*)/.exec(res.headers['content-type'])?.[1] as string;
      expect(sent, res.headers['content-type']).to.be.a('string');
      // What the response names, sent back as the request's own Accept, asks for the same version.
      expect((await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', `application/json; ${sent}`).expect(200)).body.version).to.equal(version);
    }
    expect(versionParameter('version', 'a b')).to.equal('; version="a b"');
    // Bytes that are not UTF-8 are no value (test/reliability/hostile/charset.test.ts): the default answers.
    expect((await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', "application/json; version*=utf-8''v%E9").expect(200)).body.version).to.equal(null);
  });

  for (const accept of ['application/xml; version=1.0', '', 'application/json; version=1.0; q=0', 'application/json; q=0.000, text/html']) {
    it(`Accept: ${JSON.stringify(accept)} → 406 before any version is determined, with Vary: Accept`, async () => {
      const res = await agent(new AcceptHeaderVersioning({ allowedVersions: ['1.0'] })).get('/things').set('Accept', accept);
      expect(res.status).to.equal(406);
      expect(res.body.detail).to.equal('Could not satisfy the request Accept header.');
      expect(res.headers.vary).to.contain('Accept');
    });
  }

  it('refuses a malformed quoted version instead of treating it as "any version" (negotiator 1.1 trap)', async () => {
    const res = await agent(new AcceptHeaderVersioning({ allowedVersions: ['1.0', '2.0'] })).get('/things').set('Accept', 'application/json; version="broken');
    expect([res.status, res.body.detail]).to.deep.equal([406, 'Invalid version in "Accept" header.']);
  });

  it('matches a range with parameters against an offered type without them (negotiator does not)', async () => {
    const res = await agent(new AcceptHeaderVersioning({ allowedVersions: ['2'] })).get('/things').set('Accept', 'application/json; version=2').expect(200);
    expect(res.body.version).to.equal('2');
  });

  it('chooses by q inside a precedence group; an invalid q counts as q=1 (DRF), so it outranks q=0.9', async () => {
    const accept = 'application/json; version=1; q=0.2, application/json; version=2; q=0.9, application/json; version=3; q=foo';
    expect((await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', accept).expect(200)).body.version).to.equal('3');
  });

  it('regression: an invalid qvalue (q=2, q=abc, q=, q=-1, q=0.0001) dropped the range like q=0 (406); DRF keeps it', async () => {
    for (const q of ['2', 'abc', '', '-1', '0.0001', '1.0000']) {
      const res = await agent(new AcceptHeaderVersioning({ allowedVersions: ['1.0'] })).get('/things').set('Accept', `*/* ; q=${q}; version=1.0`);
      expect([res.status, res.body.version], `q=${q}`).to.deep.equal([200, '1.0']);
    }
    for (const q of ['0', '0.0', '0.000']) {
      expect((await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', `application/json; q=${q}`)).status, `q=${q}`).to.equal(406);
    }
  });

  it("regression: version*=bogus''v1 kept the raw text as the version; RFC 2231 is decoded in UTF-8 and ISO-8859-1, other charsets are the scheme's 406", async () => {
    const scheme = () => new AcceptHeaderVersioning({ allowedVersions: ['v1', 'vé'] });
    for (const [accept, version] of [
      ["application/json; version*=utf-8''v1", 'v1'],
      ["application/json; version*=UTF-8'en'v%C3%A9", 'vé'],
      ["application/json; version*=iso-8859-1''v%E9", 'vé'],
    ]) {
      expect((await agent(scheme()).get('/things').set('Accept', accept).expect(200)).body.version, accept).to.equal(version);
    }
    for (const accept of ["application/json; version*=bogus''v1", "application/json; version*=us-ascii''v1", "*/*; version*=''v1"]) {
      const res = await agent(scheme()).get('/things').set('Accept', accept);
      expect([res.status, res.body.detail], accept).to.deep.equal([406, 'Invalid version in "Accept" header.']);
    }
  });

  it('never matches an upper-case versionParam: parameter names are lower-cased (DRF)', async () => {
    const res = await agent(new AcceptHeaderVersioning({ versionParam: 'Ver' })).get('/things').set('Accept', 'application/json; Ver=3').expect(200);
    expect(res.body.version).to.equal(null);
  });

  it('renders an offered vendor type and reads the version from it', async () => {
    const res = await agent(new AcceptHeaderVersioning(), undefined, { mediaTypes: ['application/vnd.waymark+json', 'application/json'] })
      .get('/things')
      .set('Accept', 'application/vnd.waymark+json; version=2')
      .expect(200);
    expect(res.body.version).to.equal('2');
    expect(res.headers['content-type']).to.equal('application/vnd.waymark+json; version=2');
  });

  it('bounds the work on a huge Accept header: only the first ranges count', async () => {
    const accept = `${Array.from({ length: 1000 }, () => 'text/plain').join(', ')}, application/json; version=1`;
    const res = await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', accept);
    expect(res.status).to.equal(406);
  });

  it('does not change links: the version travels in the header', async () => {
    const res = await agent(new AcceptHeaderVersioning()).get('/things').set('Accept', 'application/json; version=2').expect(200);
    expect(res.body.link).to.equal('http://api.test/things/7');
  });
});

describe('versioning/accept-header: the negotiation memo', () => {
  it('stays bounded whatever Accept values clients send, and keeps answering right', async () => {
    const app = createApp({ routes: [Things], versioning: new AcceptHeaderVersioning() });
    for (let i = 0; i < NEGOTIATION_MEMO_LIMIT + 20; i++) {
      const res = await request(app.callback()).get('/things').set('Accept', `application/json; version=${i}`).expect(200);
      expect(res.body.version).to.equal(String(i));
      expect(runtimeOf(app).offers.remembered).to.be.at.most(NEGOTIATION_MEMO_LIMIT);
    }
  });
});
