import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Gone, include, URLPathVersioning } from '../../src';
import { announceVersion } from '../../src/lifecycle/respond';

@Controller('/things')
class Things {
  @Get('', { name: 'things', versions: ['v2'] })
  list() {
    return 'v2 only';
  }

  @Get('/boom', 'boom')
  boom() {
    throw new Error('secret');
  }
}

const at = '2026-06-01T00:00:00Z';
function agent() {
  const versioning = new URLPathVersioning({ allowedVersions: ['v1', 'v2'], deprecated: { v1: { at } }, reportVersions: true });
  const app = createApp({ routes: [include('/:version', [Things])], versioning });
  app.silent = true;
  return request(app.callback());
}

describe('lifecycle/respond', () => {
  it('sends the headers when the version is allowed but no route at the path serves it (docs/lifecycle.md)', async () => {
    const res = await agent().get('/v1/things').expect(404);
    expect(res.body.detail).to.equal('Invalid version in URL path.');
    expect(res.headers).to.include({ deprecation: '@1780272000', 'api-supported-versions': 'v2', 'api-deprecated-versions': 'v1' });
  });

  it('sends them on a 500 too, which still reveals nothing', async () => {
    const res = await agent().get('/v1/things/boom').expect(500);
    expect(JSON.stringify(res.body)).to.not.contain('secret');
    expect(res.headers).to.include({ deprecation: '@1780272000', 'api-deprecated-versions': 'v1' });
  });

  it('sends the version lists when content negotiation fails before the version is known', async () => {
    const res = await agent().get('/v1/things').set('Accept', 'text/html').expect(406);
    expect(res.headers).to.include({ 'api-supported-versions': 'v2', 'api-deprecated-versions': 'v1' });
    expect(res.headers).to.not.have.property('deprecation');
  });

  it('leaves responses that were never versioned alone', async () => {
    const res = await agent().get('/nowhere').expect(404);
    expect(res.headers).to.not.have.any.keys('api-supported-versions', 'api-deprecated-versions', 'deprecation');
  });

  it('retires with a Gone whose code is VERSION_RETIRED', () => {
    const { lifecycle } = new URLPathVersioning({ deprecated: { v1: { at, sunset: at, retireAfterSunset: true } } });
    const ctx = createApp({ routes: [] }).createContext({ headers: {}, socket: {} } as never, { setHeader() {}, getHeader() {} } as never);
    let thrown: unknown;
    try {
      announceVersion(ctx, lifecycle, 'v1', () => Date.parse(at));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(Gone);
    expect(thrown).to.include({ status: 410, code: 'VERSION_RETIRED', detail: 'This API version was retired on Mon, 01 Jun 2026 00:00:00 GMT.' });
  });

  it('refuses a clock that is not a function when the app is built', () => {
    expect(() => createApp({ routes: [], now: 5 as never })).to.throw(/now must be a function/);
  });
});
