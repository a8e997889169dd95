import { expect } from 'chai';
import request from 'supertest';
import { change, Controller, createApp, field, Get, ImproperlyConfigured, QueryParameterVersioning, VersionHistory, versionsRoute } from '../../src';

const Item = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

@Controller('/items')
class Items {
  @Get('', { name: 'list', responses: { 200: { schema: { type: 'array', items: Item } } } }) list() {
    return [{ name: 'a' }];
  }
}

const PROFILE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const history = () =>
  new VersionHistory([
    { version: '2025', changes: [change({ description: 'title is now name', instructions: [field(Item, 'name').had({ name: 'title' })] })] },
    { version: '2024', changes: [change({ description: 'Items are listed', instructions: [] })] },
    { version: '2023' },
  ]);
const lifecycle = () =>
  new QueryParameterVersioning({
    defaultVersion: '2025',
    deprecated: { '2024': { at: '2026-01-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z' }, '2023': { at: '2025-01-01T00:00:00Z', sunset: '2025-06-01T00:00:00Z', retireAfterSunset: true } },
  });

describe('catalog: versionsRoute() at /.well-known/api-catalog (RFC 9727)', () => {
  const app = createApp({ routes: [Items, versionsRoute()], versioning: lifecycle(), history: history(), now: () => Date.parse('2026-03-01T00:00:00Z') });

  it('lists every version with its status and dates, as linkset JSON with the api-catalog profile', async () => {
    const response = await request(app.callback()).get('/.well-known/api-catalog').set('Host', 'evil.test');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal(PROFILE);
    expect(response.headers.link).to.equal('</.well-known/api-catalog>; rel="api-catalog"');
    const { linkset } = JSON.parse(response.text);
    expect(linkset[0]).to.deep.equal({
      anchor: '/.well-known/api-catalog',
      item: [
        { href: '/.well-known/api-catalog#2025', title: '2025', version: ['2025'], status: ['current'] },
        { href: '/.well-known/api-catalog#2024', title: '2024', version: ['2024'], status: ['deprecated'], deprecation: ['2026-01-01T00:00:00.000Z'], sunset: ['2027-01-01T00:00:00.000Z'] },
        { href: '/.well-known/api-catalog#2023', title: '2023', version: ['2023'], status: ['retired'], deprecation: ['2025-01-01T00:00:00.000Z'], sunset: ['2025-06-01T00:00:00.000Z'] },
      ],
    });
    expect(linkset[2]).to.deep.equal({
      anchor: '/.well-known/api-catalog#2024',
      'service-desc': [{ href: '/.well-known/api-catalog/openapi/2024', type: 'application/vnd.oai.openapi+json;version=3.1' }],
      'service-meta': [{ href: '/.well-known/api-catalog/changelog/2024', type: 'application/json' }],
    });
    expect(response.text).not.to.contain('evil.test');
  });

  it('serves each version\'s document and changelog at the links, and 404 for a version the app does not list', async () => {
    const document = await request(app.callback()).get('/.well-known/api-catalog/openapi/2024');
    expect([document.status, document.body.info.version]).to.deep.equal([200, '2024']);
    const changelog = await request(app.callback()).get('/.well-known/api-catalog/changelog/2025');
    // The entry `waymark changelog --json` prints for that version: the changes typed, and what the compatibility rules find.
    expect(changelog.body.changes).to.deep.equal([{ description: 'title is now name', entries: [{ kind: 'field-renamed', schema: '{ name }', field: 'name', from: 'title' }] }]);
    expect(changelog.body.compatibility.changes.map((c: { rule: string }) => c.rule)).to.deep.equal(['response-property-removed', 'response-property-added']);
    const oldest = (await request(app.callback()).get('/.well-known/api-catalog/changelog/2023')).body;
    expect([oldest.version, oldest.changes, oldest.compatibility]).to.deep.equal(['2023', [], null]);
    expect((await request(app.callback()).get('/.well-known/api-catalog/changelog/1999')).status).to.equal(404);
    expect((await request(app.callback()).get('/.well-known/api-catalog/openapi/1999')).status).to.equal(404);
  });

  it('answers plain JSON to a client that asks for it, and links on the app\'s origin when it has one', async () => {
    const json = await request(app.callback()).get('/.well-known/api-catalog').set('Accept', 'application/json');
    expect(json.headers['content-type']).to.match(/^application\/json/);
    const absolute = createApp({ routes: [Items, versionsRoute({ prefix: '/catalog', namespace: 'cat' })], versioning: lifecycle(), history: history(), origin: 'https://api.example.com' });
    const { linkset } = JSON.parse((await request(absolute.callback()).get('/catalog')).text);
    expect(linkset[1]['service-desc'][0].href).to.equal('https://api.example.com/catalog/openapi/2025');
  });

  it('describes an app without versioning as one API', async () => {
    const plain = createApp({ routes: [Items, versionsRoute()] });
    const { linkset } = JSON.parse((await request(plain.callback()).get('/.well-known/api-catalog')).text);
    expect(linkset).to.deep.equal([{ anchor: '/.well-known/api-catalog', 'service-desc': [{ href: '/.well-known/api-catalog/openapi', type: 'application/vnd.oai.openapi+json;version=3.1' }] }]);
    expect((await request(plain.callback()).get('/.well-known/api-catalog/openapi')).body.openapi).to.match(/^3\.1/);
  });

  it('refuses bad options when the include is made', () => {
    expect(() => versionsRoute({ prefix: 'catalog' })).to.throw(ImproperlyConfigured);
    expect(() => versionsRoute({ namespace: '' })).to.throw(ImproperlyConfigured);
  });
});
