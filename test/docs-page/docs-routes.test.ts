import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, include, QueryParameterVersioning, URLPathVersioning, VersionHistory, docsRoutes, ImproperlyConfigured, type App } from '../../src';
import { appWith, SCHEMES, settingsOf, versionsOf, withBearer } from './apps';

const HTML = 'text/html,*/*;q=0.8';

/** Every path the page's settings and tags point at, resolved as a browser at `page` would. */
function linksOf(html: string, page: string): string[] {
  const settings = settingsOf(html);
  const tags = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]);
  return [...settings.urls.map((entry) => entry.url), settings.oauth2RedirectUrl, ...tags].map((link) => new URL(link.replace(/&amp;/g, '&'), page).href);
}

describe('docs-page: docsRoutes()', () => {
  it('serves the page to `Accept: text/html` alone, and refuses a client that takes only JSON with a 406 naming text/html', async () => {
    const server = request(appWith('none').callback());
    await server.get('/docs').set('Accept', 'text/html').expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    const refused = await server.get('/docs').set('Accept', 'application/json').expect(406);
    expect(refused.body.available).to.deep.equal(['text/html']);
  });

  for (const scheme of SCHEMES) {
    it(`lists the app's versions, serves each document and every file the page links (${scheme})`, async () => {
      const app = appWith(scheme);
      const server = request(app.callback());
      const page = await server.get('/docs').set('Accept', HTML).expect(200).expect('Content-Type', 'text/html; charset=utf-8');
      const settings = settingsOf(page.text);
      const versions = versionsOf(scheme);
      expect(settings.urls.map((entry) => entry.name)).to.deep.equal(versions.length > 0 ? versions : ['API documentation']);
      expect(settings.primaryName).to.equal(versions[0] ?? 'API documentation');
      for (const { name, url } of settings.urls) {
        const path = new URL(url, 'http://x.test/docs').pathname;
        expect(path).to.equal(app.url('docs:openapi', versions.length > 0 ? { version: name } : {}));
        const document = (await server.get(path).expect(200)).body;
        expect(document.info.version).to.equal(versions.length > 0 ? name : 'unversioned');
        expect(Object.keys(document.paths)).to.include(scheme === 'url-path' || scheme === 'namespace' ? `/${name}/things` : '/things');
      }
      for (const link of linksOf(page.text, 'http://x.test/docs')) {
        const { pathname, search } = new URL(link);
        expect(link.startsWith('http://x.test/docs/'), link).to.equal(true);
        await server.get(pathname + search).expect(200);
      }
    });

    it(`references no host of the request's, Host or X-Forwarded-Host (${scheme})`, async () => {
      const app = appWith(scheme, {}, { proxy: true });
      const page = await request(app.callback()).get('/docs').set('Host', 'evil.test').set('X-Forwarded-Host', 'evil2.test').set('Accept', HTML).expect(200);
      expect(page.text).to.not.match(/evil2?\.test/);
      for (const link of linksOf(page.text, 'http://page.test/docs')) expect(new URL(link).host).to.equal('page.test');
    });
  }

  it('serves the UI files with their types, a tag-bound year of caching, and 304 on a matching ETag', async () => {
    const server = request(appWith('none').callback());
    const page = await server.get('/docs').set('Accept', HTML);
    const css = new URL(/href="([^"]+swagger-ui\.css[^"]*)"/.exec(page.text)![1], 'http://x.test/docs');
    const tagged = await server.get(css.pathname + css.search).expect(200).expect('Content-Type', 'text/css; charset=utf-8');
    expect(tagged.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(tagged.headers['x-content-type-options']).to.equal('nosniff');
    expect(tagged.text).to.contain('.swagger-ui');
    // Without the page's tag the URL may outlive a release: revalidate it.
    const untagged = await server.get(css.pathname).expect(200);
    expect(untagged.headers['cache-control']).to.equal('no-cache');
    await server.get(css.pathname).set('If-None-Match', tagged.headers.etag).expect(304);
    await server.get('/docs/assets/favicon-32x32.png').expect(200).expect('Content-Type', 'image/png');
    await server.get('/docs/assets/oauth2-redirect.html').expect(200).expect('Content-Type', 'text/html; charset=utf-8');
  });

  it('serves nothing but the listed files: a ../ in the path is a 404', async () => {
    const server = request(appWith('url-path').callback());
    for (const path of ['/docs/assets/package.json', '/docs/assets/..%2Fpackage.json', '/docs/assets/../package.json', '/docs/assets/%2e%2e%2fpackage.json', '/docs/assets/index.html', '/docs/assets/swagger-ui.css%00']) {
      await server.get(path).expect(404);
    }
    await server.get('/docs/openapi/v3').expect(404);
  });

  it('takes a prefix, a namespace and a title, and works inside an include', async () => {
    const app = createApp({ routes: [include('/admin', [docsRoutes({ prefix: '/api-docs', namespace: 'apidocs', title: 'Admin <API>' })], { namespace: 'admin' })] });
    const server = request(app.callback());
    expect(app.url('admin:apidocs:page')).to.equal('/admin/api-docs');
    const page = await server.get('/admin/api-docs').set('Accept', HTML).expect(200);
    expect(page.text).to.contain('<title>Admin &lt;API&gt;</title>');
    const [entry] = settingsOf(page.text).urls;
    expect(entry).to.deep.equal({ name: 'Admin <API>', url: './api-docs/openapi' });
    expect((await server.get('/admin/api-docs/openapi').expect(200)).body.info.title).to.equal('Admin <API>');
  });

  it('passes swaggerUi settings to the page, with persistAuthorization on unless turned off', async () => {
    const on = settingsOf((await request(appWith('none').callback()).get('/docs').set('Accept', HTML)).text);
    expect(on.swaggerUi).to.include({ persistAuthorization: true });
    const off = settingsOf((await request(appWith('none', { swaggerUi: { persistAuthorization: false, docExpansion: 'none' } }).callback()).get('/docs').set('Accept', HTML)).text);
    expect(off.swaggerUi).to.include({ persistAuthorization: false, docExpansion: 'none' });
  });

  it('edits each document with the document hook, which sees the version', async () => {
    const seen: (string | null)[] = [];
    const app = appWith('query-parameter', { document: (document, { version }) => (seen.push(version), withBearer(document, { version, ctx: null as never })) });
    const server = request(app.callback());
    const v2 = (await server.get('/docs/openapi/v2').expect(200)).body;
    expect(v2.components.securitySchemes).to.deep.equal({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(v2.security).to.deep.equal([{ bearer: [] }]);
    await server.get('/docs/openapi').expect(200);
    expect(seen).to.deep.equal(['v2', 'v1']);
  });

  it('lists the versions it is given, which the app must allow (checked when the app is built)', async () => {
    const listed = settingsOf((await request(appWith('url-path', { versions: ['v2'] }).callback()).get('/docs').set('Accept', HTML)).text);
    expect(listed.urls.map((entry) => entry.name)).to.deep.equal(['v2']);
    expect(listed.primaryName).to.equal('v2');
    const reordered = settingsOf((await request(appWith('url-path', { versions: ['v2', 'v1'] }).callback()).get('/docs').set('Accept', HTML)).text);
    expect([reordered.urls.map((entry) => entry.name), reordered.primaryName]).to.deep.equal([['v2', 'v1'], 'v1']); // opens on the default version
  });

  it('refuses, when the app is built, versions the app does not allow, naming the version and the allowed ones (under every scheme)', () => {
    for (const scheme of SCHEMES) {
      const allowed = versionsOf(scheme);
      const fix = allowed.length > 0 ? `(it allows ${allowed.map((v) => `"${v}"`).join(', ')})` : '(it has no versioning: give versions: [] or leave versions out)';
      expect(() => appWith(scheme, { versions: ['v1', 'v3'] }), scheme).to.throw(ImproperlyConfigured, `docsRoutes(): versions lists "${allowed.includes('v1') ? 'v3' : 'v1'}", which the app does not allow ${fix}`);
    }
    expect(() => appWith('none', { versions: [] })).not.to.throw();
    // Checked against the app the page is mounted in: one docsRoutes() can sit in two apps, each checked on its own.
    const page = docsRoutes({ versions: ['v2'] });
    const versioning = (allowedVersions: string[]) => new URLPathVersioning({ defaultVersion: 'v1', allowedVersions });
    expect(() => createApp({ routes: [page], versioning: versioning(['v1', 'v2']) })).not.to.throw();
    expect(() => createApp({ routes: [page], versioning: versioning(['v1']) })).to.throw(ImproperlyConfigured, 'docsRoutes(): versions lists "v2", which the app does not allow (it allows "v1")');
    // After a version history has given a scheme without allowedVersions its versions.
    const history = new VersionHistory([{ version: '1' }, { version: '2' }]);
    const query = () => new QueryParameterVersioning({ defaultVersion: '2' });
    expect(() => createApp({ routes: [docsRoutes({ versions: ['1'] })], versioning: query(), history })).not.to.throw();
    expect(() => createApp({ routes: [docsRoutes({ versions: ['3'] })], versioning: query(), history })).to.throw(ImproperlyConfigured, '(it allows "1", "2")');
  });

  it('answers under URL-path versioning without a version in its path (versioning is off for its routes)', async () => {
    @Controller('/things')
    class Things {
      @Get('', 'things') list() {
        return [];
      }
    }
    const app: App = createApp({ routes: [include('/:version', [Things]), docsRoutes()], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1'] }) });
    const server = request(app.callback());
    await server.get('/docs').set('Accept', HTML).expect(200);
    await server.get('/v1/docs').set('Accept', HTML).expect(404);
  });

  it('refuses options it cannot use when called', () => {
    const refused = (options: object) => expect(() => docsRoutes(options as never)).to.throw(ImproperlyConfigured);
    refused({ prefx: '/docs' });
    refused({ prefix: 'docs' });
    refused({ prefix: '/docs/' });
    refused({ namespace: 'a:b' });
    refused({ versions: 'v1' });
    refused({ versions: ['v1', 'v1'] });
    refused({ document: {} });
    refused({ swaggerUi: { urls: [] } });
    refused({ swaggerUi: { onComplete: () => {} } });
    refused({ info: { title: 1 } });
    refused({ use: [1] });
  });
});
