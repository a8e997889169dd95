import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import {
  AcceptHeaderVersioning,
  Conflict,
  Controller,
  createApp,
  Get,
  HostNameVersioning,
  ImproperlyConfigured,
  include,
  InvalidArgument,
  MemoryPinStore,
  NamespaceVersioning,
  QueryParameterVersioning,
  Unauthorized,
  URLPathVersioning,
  Version,
  type VersionPinStore,
  type VersioningScheme,
} from '../../src';

@Controller('/ping')
class Ping {
  @Get('', 'ping') ping(@Version() version: string | null) {
    return { version };
  }
}

@Controller('/boom')
class Boom {
  @Get('', 'boom') boom() {
    throw new Conflict();
  }
}

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
};

const identify = (ctx: Context) => ctx.get('X-Api-Key') || undefined;
const query = () => new QueryParameterVersioning({ defaultVersion: 'v3', allowedVersions: ['v1', 'v2', 'v3'] });
const appWith = (store: VersionPinStore, versioning: VersioningScheme = query(), extra: { timeout?: number; header?: string } = {}) =>
  createApp({ routes: [Ping], versioning, pinning: { identify, store, ...extra } });

describe('pinning', () => {
  it('pins a client to the version of its first request and serves it that version when it names none', async () => {
    const app = appWith(new MemoryPinStore());
    const first = await request(app.callback()).get('/ping?version=v1').set('X-Api-Key', 'k1');
    expect([first.body, first.headers['waymark-version']]).to.deep.equal([{ version: 'v1' }, 'v1']);
    expect(first.headers.vary, 'a shared cache must not answer one client with another\'s version').to.equal('Waymark-Version');
    const later = await request(app.callback()).get('/ping').set('X-Api-Key', 'k1');
    expect([later.body, later.headers['waymark-version']]).to.deep.equal([{ version: 'v1' }, 'v1']);
    expect((await request(app.callback()).get('/ping').set('X-Api-Key', 'k2')).body).to.deep.equal({ version: 'v3' });
    expect(await app.pinning.pinOf('k2')).to.equal('v3');
    expect((await request(app.callback()).get('/ping')).body, 'anonymous: the default').to.deep.equal({ version: 'v3' });
  });

  it('serves a version named by the carrier or the header without moving the pin', async () => {
    const app = appWith(new MemoryPinStore());
    await app.pinning.upgrade('k1', 'v1');
    expect((await request(app.callback()).get('/ping?version=v2').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v2' });
    const header = await request(app.callback()).get('/ping').set('X-Api-Key', 'k1').set('Waymark-Version', 'v3');
    expect([header.body, header.headers['waymark-version']]).to.deep.equal([{ version: 'v3' }, 'v3']);
    expect(await app.pinning.pinOf('k1')).to.equal('v1');
    const refused = await request(app.callback()).get('/ping').set('X-Api-Key', 'k1').set('Waymark-Version', 'v9');
    expect(refused.status).to.equal(404);
    // With every version allowed, a header version longer than the scheme's bound is refused, never stored as a pin.
    const open = createApp({ routes: [Ping], versioning: new QueryParameterVersioning({ defaultVersion: 'v1' }), pinning: { identify, store: new MemoryPinStore() } });
    const long = await request(open.callback()).get('/ping').set('X-Api-Key', 'k9').set('Waymark-Version', 'v'.repeat(65));
    expect([long.status, await open.pinning.pinOf('k9')]).to.deep.equal([404, undefined]);
  });

  it('moves a pin with app.pinning.upgrade(), refusing a version the scheme does not allow', async () => {
    const app = appWith(new MemoryPinStore());
    await request(app.callback()).get('/ping').set('X-Api-Key', 'k1');
    await app.pinning.upgrade('k1', 'v2');
    expect((await request(app.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v2' });
    expect(await rejection(app.pinning.upgrade('k1', 'v9'))).to.be.instanceOf(InvalidArgument);
    expect(await rejection(createApp({ routes: [Ping] }).pinning.upgrade('k1', 'v1'))).to.be.instanceOf(InvalidArgument);
    expect(await app.pinning.pinOf('k1')).to.equal('v2');
  });

  it('works with the Accept header, the host name, the namespace and an optional path segment', async () => {
    const accept = appWith(new MemoryPinStore(), new AcceptHeaderVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] }));
    await accept.pinning.upgrade('k1', 'v1');
    expect((await request(accept.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v1' });
    expect((await request(accept.callback()).get('/ping').set('X-Api-Key', 'k1').set('Accept', 'application/json; version=v2')).body).to.deep.equal({ version: 'v2' });

    const host = appWith(new MemoryPinStore(), new HostNameVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] }));
    await host.pinning.upgrade('k1', 'v1');
    expect((await request(host.callback()).get('/ping').set('Host', 'example.com').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v1' });
    expect((await request(host.callback()).get('/ping').set('Host', 'v2.example.com').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v2' });

    const namespaced = createApp({
      routes: [Ping, include('/v2', [Ping], { namespace: 'v2' })],
      versioning: new NamespaceVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
      pinning: { identify, store: new MemoryPinStore() },
    });
    await namespaced.pinning.upgrade('k1', 'v2');
    expect((await request(namespaced.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v2' });

    const path = createApp({
      routes: [include('/api{/:version}', [Ping])],
      versioning: new URLPathVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] }),
      pinning: { identify, store: new MemoryPinStore() },
    });
    await path.pinning.upgrade('k1', 'v1');
    expect((await request(path.callback()).get('/api/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v1' });
    expect((await request(path.callback()).get('/api/v2/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v2' });
  });

  it('names the version on an error response too, under the header name given', async () => {
    const app = createApp({ routes: [Ping, Boom], versioning: query(), pinning: { identify, store: new MemoryPinStore(), header: 'Api-Version' } });
    const failed = await request(app.callback()).get('/boom?version=v2').set('X-Api-Key', 'k1');
    expect([failed.status, failed.headers['api-version']]).to.deep.equal([409, 'v2']);
    const refused = await request(app.callback()).get('/ping').set('Accept', 'text/csv');
    expect([refused.status, refused.headers['api-version']], 'refused before a version is known').to.deep.equal([406, undefined]);
    const retiring = new QueryParameterVersioning({
      defaultVersion: 'v3',
      allowedVersions: ['v1', 'v2', 'v3'],
      deprecated: { v1: { at: '2020-01-01T00:00:00Z', sunset: '2021-01-01T00:00:00Z', retireAfterSunset: true } },
    });
    const retired = await request(appWith(new MemoryPinStore(), retiring, { header: 'Api-Version' }).callback()).get('/ping?version=v1').set('X-Api-Key', 'k1');
    expect([retired.status, retired.headers['api-version']], 'a retired version is named on its 410').to.deep.equal([410, 'v1']);
  });

  it('fails closed: a store that throws or hangs serves the default version and reports an error event, never a 500', async () => {
    const throwing: VersionPinStore = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const hanging: VersionPinStore = { get: () => new Promise(() => {}), set: () => new Promise(() => {}) };
    const failingSet: VersionPinStore = { get: () => undefined, set: () => { throw new Error('read-only'); } };
    for (const store of [throwing, hanging, failingSet]) {
      const app = appWith(store, query(), { timeout: 20 });
      const errors: { code?: string; operation?: string }[] = [];
      app.on('error', (error) => errors.push(error));
      const served = await request(app.callback()).get('/ping').set('X-Api-Key', 'k1');
      expect([served.status, served.body]).to.deep.equal([200, { version: 'v3' }]);
      const named = await request(app.callback()).get('/ping?version=v1').set('X-Api-Key', 'k1');
      expect([named.status, named.body]).to.deep.equal([200, { version: 'v1' }]);
      expect(errors.length).to.be.greaterThan(0);
      expect(errors.every((error) => error.code === 'PIN_STORE_FAILED')).to.equal(true);
    }
  });

  it('lets identify refuse a request with an HttpError, and ignores a pin that is not a version', async () => {
    const refusing = createApp({
      routes: [Ping],
      versioning: query(),
      pinning: {
        identify: (ctx) => {
          if (ctx.get('X-Api-Key') === 'revoked') throw new Unauthorized();
          return ctx.get('X-Api-Key') || undefined;
        },
        store: new MemoryPinStore(),
      },
    });
    expect((await request(refusing.callback()).get('/ping').set('X-Api-Key', 'revoked')).status).to.equal(401);
    const odd: VersionPinStore = { get: () => 42 as unknown as string, set: () => undefined };
    const app = appWith(odd);
    expect((await request(app.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v3' });
  });

  it('keeps two apps apart: pins of one are not the other\'s', async () => {
    const [a, b] = [appWith(new MemoryPinStore()), appWith(new MemoryPinStore())];
    await a.pinning.upgrade('k1', 'v1');
    expect((await request(b.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v3' });
    expect((await request(a.callback()).get('/ping').set('X-Api-Key', 'k1')).body).to.deep.equal({ version: 'v1' });
  });

  it('is misconfiguration at build where it cannot work', () => {
    const store = new MemoryPinStore();
    const codeOf = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error instanceof ImproperlyConfigured ? error.message : 'other';
      }
      return 'none';
    };
    expect(codeOf(() => createApp({ routes: [Ping], pinning: { identify, store } }))).to.match(/needs a versioning scheme/);
    expect(codeOf(() => createApp({ routes: [include('/:version', [Ping])], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }), pinning: { identify, store } }))).to.match(/no pin would ever be used/);
    expect(codeOf(() => createApp({ routes: [Ping], versioning: query(), pinning: { identify, store: {} as VersionPinStore } }))).to.match(/pinning.store/);
    expect(codeOf(() => createApp({ routes: [Ping], versioning: query(), pinning: { identify, store, header: 'bad header' } }))).to.match(/pinning.header/);
    expect(codeOf(() => createApp({ routes: [Ping], versioning: query(), pinning: { identify, store, timeout: 0 } }))).to.match(/pinning.timeout/);
  });
});
