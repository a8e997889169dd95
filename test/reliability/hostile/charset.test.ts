import { expect } from 'chai';
import request from 'supertest';
import { AcceptHeaderVersioning, Controller, createApp, Get } from '../../../src';

@Controller('/c')
class C {
  @Get('', 'c') c() {
    return { ok: true };
  }
}

describe('reliability: Accept-header version text never drops the response charset', () => {
  const versions = ['1.0', 'charset', 'x-charset-1', 'a charset=latin1', 'charset\u00e9'];
  const app = createApp({ routes: [C], versioning: new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: versions }) });

  for (const version of versions) {
    it(`version ${JSON.stringify(version)}: Content-Type keeps charset=utf-8, after the version parameter`, async () => {
      const parameter = /^[\w.-]+$/.test(version) ? `version=${version}` : /^[\x20-\x7e]*$/.test(version) ? `version="${version}"` : `version*=utf-8''${encodeURIComponent(version)}`;
      // Twice: the first answer finds the header through Koa, the second is the remembered one.
      for (let round = 0; round < 2; round++) {
        const response = await request(app.callback()).get('/c').set('Accept', `application/json; ${parameter}`).expect(200);
        expect(response.headers['content-type']).to.equal(`application/json; ${parameter}; charset=utf-8`);
      }
    });
  }
});

describe('reliability: an RFC 2231 version whose bytes are not UTF-8 is no value', () => {
  const app = createApp({ routes: [C], versioning: new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0', '\ufffd'] }) });
  const versionOf = async (accept: string) => {
    const response = await request(app.callback()).get('/c').set('Accept', accept);
    return [response.status, /version[*]?=([^;]*)/.exec(response.headers['content-type'] ?? '')?.[1]];
  };

  it("version*=utf-8''%E9 is absent (not U+FFFD): the other range's version answers, or the default", async () => {
    expect(await versionOf("application/json; version*=utf-8''%E9, application/json; version=2.0")).to.deep.equal([200, '2.0']);
    expect(await versionOf("application/json; version*=utf-8''%E0%A4%A")).to.deep.equal([200, '1.0']);
    // The same bytes in a charset that reads them are a value.
    expect(await versionOf("application/json; version*=utf-8''%E2%98%83")).to.deep.equal([406, undefined]);
  });
});
