import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';
import { runtimeOf } from '../../src/runtime';
import { documentedVersions } from '../../examples/docs';
import { expectValidOpenApi } from '../openapi/validator';

const SCHEMES = [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];

/** The Swagger UI configuration the page embeds. */
function configOf(html: string): { urls: { name: string; url: string }[]; 'urls.primaryName': string } {
  const found = /const config = (\{.*\});/.exec(html);
  if (!found) throw new Error(`no config in the page:\n${html}`);
  return JSON.parse(found[1]);
}

describe('examples/docs', () => {
  for (const versioning of SCHEMES) {
    it(`serves the page, one document per version and the UI's files, linked by reversal (${versioning ?? 'no versioning'})`, async () => {
      const app = createSampleApp(versioning, '3000');
      const server = request(app.callback());
      const host = 'docs.example.com:8080'; // links follow the request's host, not the origin
      const page = await server.get('/docs').set('Host', host).set('Accept', 'text/html,*/*;q=0.8').expect(200);
      expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
      const versions = documentedVersions(runtimeOf(app).versioning);
      const config = configOf(page.text);
      expect(config.urls.map((entry) => entry.name)).to.deep.equal(versions.length > 0 ? versions : ['API']);
      expect(config['urls.primaryName']).to.equal(config.urls[0].name);
      for (const { name, url } of config.urls) {
        expect(url).to.equal(`http://${host}${app.url('docs:openapi', versions.length > 0 ? { version: name } : {})}`);
        const document = (await server.get(new URL(url).pathname).set('Host', host).expect(200).expect('Content-Type', /^application\/json/)).body;
        await expectValidOpenApi(document);
        expect(document.info.version).to.equal(versions.length > 0 ? name : 'unversioned');
      }
      for (const [, href] of page.text.matchAll(/(?:href|src)="([^"]+)"/g)) {
        expect(href.startsWith(`http://${host}/docs/assets/`), href).to.equal(true);
        const asset = await server.get(new URL(href).pathname).expect(200);
        expect(asset.headers['content-type']).to.match(/^(text\/css|text\/javascript|image\/png)/);
      }
    });
  }

  it('answers 404 for a version the app does not have', async () => {
    const server = request(createSampleApp('url-path', '3000').callback());
    await server.get('/docs/openapi/v3').expect(404);
    await server.get('/docs/assets/package.json').expect(404);
    await server.get('/docs/assets/..%2Fpackage.json').expect(404);
  });

  it('serves the default version at /docs/openapi', async () => {
    const server = request(createSampleApp('query-parameter', '3000').callback());
    expect((await server.get('/docs/openapi').expect(200)).body.info.version).to.equal('v1');
  });
});
