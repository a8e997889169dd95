import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';
import { runtimeOf } from '../../src/runtime';
import { schemeVersions } from '../../src/docs-page/versions';
import { expectValidOpenApi } from '../openapi/validator';

const SCHEMES = [undefined, 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'];

/** The settings the page embeds for Swagger UI. */
function settingsOf(html: string): { urls: { name: string; url: string }[]; primaryName: string } {
  const found = /<script type="application\/json" id="waymark-docs-settings">(.*?)<\/script>/.exec(html);
  if (!found) throw new Error(`no settings in the page:\n${html}`);
  return JSON.parse(found[1]);
}

describe('examples/docs', () => {
  for (const versioning of SCHEMES) {
    it(`serves the page, one document per version and the UI's files, linked relative to the page (${versioning ?? 'no versioning'})`, async () => {
      const app = createSampleApp(versioning, '3000');
      const server = request(app.callback());
      const page = await server.get('/docs').set('Accept', 'text/html,*/*;q=0.8').expect(200);
      expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
      const versions = schemeVersions(runtimeOf(app).versioning);
      const settings = settingsOf(page.text);
      expect(settings.urls.map((entry) => entry.name)).to.deep.equal(versions.length > 0 ? versions : ['waymark sample users API']);
      expect(settings.primaryName).to.equal(settings.urls[0].name);
      for (const { name, url } of settings.urls) {
        expect(new URL(url, 'http://localhost:3000/docs').pathname).to.equal(app.url('docs:openapi', versions.length > 0 ? { version: name } : {}));
        const document = (await server.get(new URL(url, 'http://localhost:3000/docs').pathname).expect(200).expect('Content-Type', /^application\/json/)).body;
        await expectValidOpenApi(document);
        expect(document.info.version).to.equal(versions.length > 0 ? name : 'v1'); // without a scheme the sample serves v1 (serve: 'v1')
      }
      const links = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]);
      expect(links).to.have.length(5);
      for (const href of links) {
        expect(href.startsWith('./docs/assets/'), href).to.equal(true);
        const asset = await server.get(new URL(href, 'http://localhost:3000/docs').pathname).expect(200);
        expect(asset.headers['content-type']).to.match(/^(text\/css|text\/javascript|image\/png)/);
      }
    });
  }

  // The class of Django's CVE-2011-4139: a page whose links follow the Host header can be
  // cached by a proxy with an attacker's host in it. The sample app sets `origin`, and the
  // page must not use the request's Host either way.
  for (const versioning of SCHEMES) {
    it(`the page fetched with Host: evil.test references no evil.test URL (${versioning ?? 'no versioning'})`, async () => {
      const server = request(createSampleApp(versioning, '3000').callback());
      const page = await server.get('/docs').set('Host', 'evil.test').set('Accept', 'text/html,*/*;q=0.8').expect(200);
      expect(page.text).to.not.contain('evil.test');
      expect(page.text).to.not.match(/(?:href|src|url)"?[=:]"(?:https?:)?\/\//);
    });
  }

  it('answers 404 for a version the app does not have, and for any file but the UI\'s', async () => {
    const server = request(createSampleApp('url-path', '3000').callback());
    await server.get('/docs/openapi/v4').expect(404);
    await server.get('/docs/assets/package.json').expect(404);
    await server.get('/docs/assets/..%2Fpackage.json').expect(404);
    await server.get('/docs/assets/../../package.json').expect(404);
  });

  it('serves the default version at /docs/openapi', async () => {
    const server = request(createSampleApp('query-parameter', '3000').callback());
    expect((await server.get('/docs/openapi').expect(200)).body.info.version).to.equal('v1');
  });
});
