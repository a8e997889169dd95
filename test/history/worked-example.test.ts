import { expect } from 'chai';
import request from 'supertest';
import { createApp, QueryParameterVersioning } from '../../src';
import { authorsApi } from './fixture';

describe('version history: the worked example of docs/version-history.md', () => {
  function app() {
    const { AuthorsController, history, seen } = authorsApi();
    const built = createApp({ routes: [AuthorsController], versioning: new QueryParameterVersioning({ defaultVersion: '2025-06' }), history, validateResponses: true });
    return { app: built, seen };
  }

  it('converts a 2024-09 request forward to the head and its response back', async () => {
    const { app: served, seen } = app();
    const response = await request(served.callback()).post('/authors?version=2024-09').send({ name: 'Ursula Le Guin', nationality: 'US' });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    expect(seen).to.deep.equal([{ givenName: 'Ursula', familyName: 'Le Guin', country: 'US' }]);
    expect(response.text).to.equal('{"id":7,"nationality":"US","name":"Ursula Le Guin"}');
  });

  it('shows each version its own author', async () => {
    const agent = request(app().app.callback());
    expect((await agent.get('/authors?version=2024-09')).body).to.deep.equal([{ id: 1, nationality: 'US', name: 'Ursula Le Guin' }]);
    expect((await agent.get('/authors?version=2025-01')).body).to.deep.equal([{ id: 1, name: 'Ursula Le Guin', country: 'US' }]);
    expect((await agent.get('/authors?version=2025-06')).body).to.deep.equal([{ id: 1, givenName: 'Ursula', familyName: 'Le Guin', country: 'US' }]);
    expect((await agent.get('/authors')).body).to.deep.equal([{ id: 1, givenName: 'Ursula', familyName: 'Le Guin', country: 'US' }]);
  });

  it('converts an author nested in a book', async () => {
    const agent = request(app().app.callback());
    expect((await agent.get('/authors/1/books?version=2025-01')).body).to.deep.equal([{ title: 'The Dispossessed', author: { id: 1, name: 'Ursula Le Guin', country: 'US' } }]);
  });

  it('serves each route in the versions it existed in', async () => {
    const agent = request(app().app.callback());
    const statuses = async (path: string) => Promise.all(['2024-09', '2025-01', '2025-06'].map(async (version) => (await agent.get(`${path}?version=${version}&q=Le`)).status));
    expect(await statuses('/authors/search')).to.deep.equal([200, 200, 404]);
    expect(await statuses('/authors/1/books')).to.deep.equal([404, 200, 200]);
  });

  it('validates an old request against its own version', async () => {
    const agent = request(app().app.callback());
    const response = await agent.post('/authors?version=2024-09').send({ givenName: 'Ursula', familyName: 'Le Guin', nationality: 'US' });
    expect(response.status).to.equal(400);
    expect(response.body.errors).to.deep.equal([{ detail: "must have required property 'name'", pointer: '#/name' }]);
  });

  it("documents each version's schemas and routes", () => {
    const { app: served } = app();
    const old = served.openapi({ version: '2024-09' });
    expect(Object.keys(old.paths).sort()).to.deep.equal(['/authors', '/authors/search']);
    const body = (old.paths['/authors'] as any).post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).to.have.members(['name', 'nationality']);
    expect(body.required).to.have.members(['name', 'nationality']);
    const head = served.openapi({ version: '2025-06' });
    expect(Object.keys(head.paths).sort()).to.deep.equal(['/authors', '/authors/{id}/books']);
  });
});
