import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { BaseVersioning, createApp, ImproperlyConfigured, InvalidArgument, QueryParameterVersioning, URLPathVersioning, include } from '../../src';
import { Things } from './helpers';

class MyVersioning extends BaseVersioning {}

class HeaderVersioning extends BaseVersioning {
  readonly vary = ['X-API-Version'];
  determineVersion(ctx: Context) {
    const version = ctx.get('X-API-Version') || this.defaultVersion;
    if (!this.isAllowedVersion(version)) throw this.invalidVersion();
    return version;
  }
}

describe('versioning/base', () => {
  it('has DRF’s defaults', () => {
    const scheme = new MyVersioning();
    expect([scheme.defaultVersion, scheme.allowedVersions, scheme.versionParam, scheme.vary]).to.deep.equal([null, null, 'version', []]);
  });

  it('determineVersion must be implemented, and says so with the class name', () => {
    expect(() => new MyVersioning().determineVersion({} as Context, {})).to.throw(Error, 'MyVersioning.determineVersion() must be implemented.');
  });

  it('a scheme without determineVersion is a 500 that reveals nothing', async () => {
    const app = createApp({ routes: [Things], versioning: new MyVersioning() });
    app.silent = true;
    const res = await request(app.callback()).get('/things');
    expect([res.status, res.body.detail]).to.deep.equal([500, 'A server error occurred.']);
  });

  it('isAllowedVersion follows DRF: empty allows all, the default is always allowed, null only when listed', () => {
    const open = new MyVersioning({ allowedVersions: [] });
    expect([open.isAllowedVersion(null), open.isAllowedVersion('x')]).to.deep.equal([true, true]);
    const closed = new MyVersioning({ defaultVersion: 'v9', allowedVersions: ['v1'] });
    expect(['v1', 'v9', 'V1', 'v2', null].map((v) => closed.isAllowedVersion(v))).to.deep.equal([true, true, false, false, false]);
    expect(new MyVersioning({ allowedVersions: ['v1', null] }).isAllowedVersion(null)).to.equal(true);
  });

  it('refuses options that cannot work, when the scheme is made', () => {
    expect(() => new MyVersioning({ allowedVersions: 'v1' as never })).to.throw(ImproperlyConfigured, "write ['v1']");
    expect(() => new MyVersioning({ defaultVersion: 1 as never })).to.throw(ImproperlyConfigured);
    expect(() => new MyVersioning({ versionParam: '' })).to.throw(ImproperlyConfigured);
    expect(() => new MyVersioning({ defaultVersoin: 'v1' } as never)).to.throw(ImproperlyConfigured, 'defaultVersoin');
    expect(() => createApp({ routes: [], versioning: {} as never })).to.throw(ImproperlyConfigured, 'versioning scheme instance');
  });

  it('does not keep a reference to the caller’s allowedVersions', () => {
    const allowed = ['v1'];
    const scheme = new MyVersioning({ allowedVersions: allowed });
    allowed.push('v2');
    expect(scheme.isAllowedVersion('v2')).to.equal(false);
  });

  it('reverse() needs the request', () => {
    expect(() => new URLPathVersioning().reverse('x')).to.throw(InvalidArgument, 'options.request');
  });

  it('a custom scheme sends its own Vary and its error, on success and failure', async () => {
    const agent = request.agent(createApp({ routes: [Things], versioning: new HeaderVersioning({ allowedVersions: ['1'] }) }).callback());
    const ok = await agent.get('/things').set('X-API-Version', '1').expect(200);
    expect([ok.body.version, ok.headers.vary]).to.deep.equal(['1', 'X-API-Version']);
    const bad = await agent.get('/things').set('X-API-Version', '2');
    // 'Invalid version.' is the catalogue's default for INVALID_VERSION, so it is translated and varies on the language.
    expect([bad.status, bad.body.detail, bad.headers.vary]).to.deep.equal([404, 'Invalid version.', 'X-API-Version, Accept-Language']);
    const french = await agent.get('/things').set('X-API-Version', '2').set('Accept-Language', 'fr');
    expect(french.body.detail).to.equal('Version non valide.');
  });

  it('two apps built from the same classes with different schemes never see each other’s settings', async () => {
    const byPath = createApp({ routes: [include('/:version', [Things])], versioning: new URLPathVersioning({ allowedVersions: ['v1'] }) });
    const byQuery = createApp({ routes: [Things], versioning: new QueryParameterVersioning({ allowedVersions: ['v2'] }) });
    expect((await request(byPath.callback()).get('/v1/things').expect(200)).body.version).to.equal('v1');
    expect((await request(byQuery.callback()).get('/things?version=v2').expect(200)).body.version).to.equal('v2');
    await request(byQuery.callback()).get('/things?version=v1').expect(404);
    await request(byPath.callback()).get('/things').expect(404);
  });
});
