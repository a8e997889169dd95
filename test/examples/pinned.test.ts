import { expect } from 'chai';
import request from 'supertest';
import { createPinnedSampleApp } from '../../examples/pinned';

describe('examples/pinned.ts: versions per API key, and the api-catalog', () => {
  it('pins a key to the version of its first request, lets a header override it, and logs deprecated callers', async () => {
    const lines: string[] = [];
    const server = request(createPinnedSampleApp((line) => lines.push(line)).callback());
    const first = await server.get('/users?version=v1').set('X-Api-Key', 'k1').expect(200);
    expect(first.body[0]).to.have.property('name'); // v1's shape
    const pinned = await server.get('/users').set('X-Api-Key', 'k1').expect(200);
    expect(pinned.headers['waymark-version']).to.equal('v1');
    expect(pinned.body[0]).to.have.property('url');
    const newest = await server.get('/users').set('X-Api-Key', 'k1').set('Waymark-Version', 'v3').expect(200);
    expect([newest.headers['waymark-version'], Object.keys(newest.body[0])]).to.deep.equal(['v3', ['data', 'links']]);
    expect((await server.get('/users').set('X-Api-Key', 'k2').expect(200)).headers['waymark-version']).to.equal('v3');
    expect(lines).to.deep.equal(['deprecated v1 called by k1 on users-list', 'deprecated v1 called by k1 on users-list']);
  });

  it('lists its versions at the well-known URI, each with its document and changelog', async () => {
    const server = request(createPinnedSampleApp(() => {}).callback());
    const { linkset } = JSON.parse((await server.get('/.well-known/api-catalog').expect(200)).text);
    expect(linkset[0].item.map((item: { title: string; status: string[] }) => [item.title, item.status[0]])).to.deep.equal([
      ['v1', 'deprecated'],
      ['v2', 'current'],
      ['v3', 'current'],
    ]);
    const changelog = await server.get(linkset[3]['service-meta'][0].href).expect(200);
    expect(changelog.body.version).to.equal('v3');
    expect(changelog.body.changes.map((c: { description: string }) => c.description)).to.deep.equal(["A user's `name` is now called `displayName`."]);
    expect(changelog.body.changes[0].entries.map((e: { kind: string; from: string; field: string }) => `${e.kind} ${e.from} ${e.field}`)).to.include('field-renamed name displayName');
    const document = await server.get(linkset[1]['service-desc'][0].href).expect(200);
    expect(document.body.info.version).to.equal('v1');
  });
});
