import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { AcceptHeaderVersioning, Controller, createApp, Get, MemoryPinStore, QueryParameterVersioning, Version } from '../../../src';

// docs/pinning.md: a pin is stored and echoed only for a version the scheme allows, and a 410 pins nothing.

@Controller('/ping')
class Ping {
  @Get('', 'ping') ping(@Version() version: string | null) {
    return { version };
  }
}

const identify = (ctx: Context) => ctx.get('X-Api-Key') || undefined;

describe('pinning with allowedVersions open (class 6)', () => {
  const open = () => new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: null });
  for (const version of ['v\u2603', 'v 1', 'x'.repeat(65), 'a\u00e9', 'v1\u0000', 'a\r\nSet-Cookie: x=1']) {
    const label = JSON.stringify(version.length > 20 ? `${version.slice(0, 8)}… (${version.length})` : version);
    it(`${label} in the query: refused as an invalid version, never stored, and the client is served afterwards`, async () => {
      const store = new MemoryPinStore();
      const app = createApp({ routes: [Ping], versioning: open(), pinning: { identify, store } });
      app.silent = true;
      const agent = request(app.callback());
      const first = await agent.get(`/ping?version=${encodeURIComponent(version)}`).set('X-Api-Key', 'k1');
      expect(first.status).to.be.within(400, 499);
      expect(await store.get('k1')).to.equal(undefined);
      const later = await agent.get('/ping').set('X-Api-Key', 'k1');
      expect([later.status, later.body]).to.deep.equal([200, { version: 'v2' }]);
    });
  }

  for (const version of ['v 1', 'x'.repeat(65), 'a\u00e9']) {
    it(`${JSON.stringify(version.slice(0, 8))} in Waymark-Version: refused, never stored`, async () => {
      const store = new MemoryPinStore();
      const app = createApp({ routes: [Ping], versioning: new AcceptHeaderVersioning({ defaultVersion: 'v2', allowedVersions: null }), pinning: { identify, store } });
      app.silent = true;
      const agent = request(app.callback());
      const named = await agent.get('/ping').set('X-Api-Key', 'k1').set('Waymark-Version', version);
      expect(named.status).to.be.within(400, 499);
      expect(await store.get('k1')).to.equal(undefined);
      const later = await agent.get('/ping').set('X-Api-Key', 'k1');
      expect([later.status, later.body]).to.deep.equal([200, { version: 'v2' }]);
    });
  }
});

describe('pinning and a retired version (class 7)', () => {
  it("a client's first request to a retired version is a 410 that pins nothing", async () => {
    const store = new MemoryPinStore();
    const versioning = new QueryParameterVersioning({
      defaultVersion: 'v2',
      allowedVersions: ['v1', 'v2'],
      deprecated: { v1: { at: '2020-01-01T00:00:00Z', sunset: '2021-01-01T00:00:00Z', retireAfterSunset: true } },
    });
    const app = createApp({ routes: [Ping], versioning, pinning: { identify, store } });
    app.silent = true;
    const agent = request(app.callback());
    expect((await agent.get('/ping?version=v1').set('X-Api-Key', 'k1')).status).to.equal(410);
    expect(await store.get('k1')).to.equal(undefined);
    const later = await agent.get('/ping').set('X-Api-Key', 'k1');
    expect([later.status, later.body]).to.deep.equal([200, { version: 'v2' }]);
  });
});
