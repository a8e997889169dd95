import { expect } from 'chai';
import type { Context } from 'koa';
import { Controller, Ctx, Get, include, URLPathVersioning } from '../../src';
import { agent, Things } from './helpers';

@Controller('/links')
class Links {
  @Get('', 'links')
  links(@Ctx() ctx: Context) {
    return {
      callerVersionOverridden: ctx.reverse('thing', { version: 'v1', id: 7 }),
      fallback: ctx.reverse('plain', { id: 3 }),
      positional: ctx.reverse('plain', [4]),
      withQuery: ctx.reverse('thing', { id: 7 }, { query: { a: '1' } }),
    };
  }
}

@Controller('/plain')
class Plain {
  @Get('/:id', 'plain') plain() {}
}

const routes = [include('/:version', [Things, Links]), Plain];

describe('versioning/url-path', () => {
  it('puts the request version into the link, overriding one the caller gave (as DRF 3.14 does: docs/reference/versioning.md#where-waymark-differs-from-drf)', async () => {
    const res = await agent(new URLPathVersioning(), routes).get('/v2/links').expect(200);
    expect(res.body.callerVersionOverridden).to.equal('http://api.test/v2/things/7');
    expect(res.body.withQuery).to.equal('http://api.test/v2/things/7?a=1');
  });

  it('falls back to plain reversal with the caller’s own parameters when the versioned one has no match', async () => {
    const res = await agent(new URLPathVersioning(), routes).get('/v2/links').expect(200);
    expect(res.body.fallback).to.equal('http://api.test/plain/3');
    expect(res.body.positional).to.equal('http://api.test/plain/4');
  });

  it('encodes a version like any parameter in the links it builds', async () => {
    const res = await agent(new URLPathVersioning(), routes).get('/a%20b/things').expect(200);
    expect(res.body.version).to.equal('a b');
    expect(res.body.link).to.equal('http://api.test/a%20b/things/7');
  });

  it('reads the version with a custom versionParam', async () => {
    const custom = [include('/:api', [Things])];
    const res = await agent(new URLPathVersioning({ versionParam: 'api', allowedVersions: ['1'] }), custom).get('/1/things').expect(200);
    expect(res.body).to.deep.equal({ version: '1', link: 'http://api.test/1/things/7' });
    expect((await agent(new URLPathVersioning({ versionParam: 'api', allowedVersions: ['1'] }), custom).get('/2/things')).status).to.equal(404);
  });

  it('compares versions exactly: V1 is not v1', async () => {
    const res = await agent(new URLPathVersioning({ allowedVersions: ['v1'] }), routes).get('/V1/things');
    expect([res.status, res.body.detail]).to.deep.equal([404, 'Invalid version in URL path.']);
  });

  it('leaves the version parameter in ctx.route.params (DRF passes the kwarg on)', async () => {
    @Controller('/p')
    class Params {
      @Get('', 'p') p(@Ctx() ctx: Context) {
        return ctx.route?.params;
      }
    }
    const res = await agent(new URLPathVersioning(), [include('/:version', [Params])]).get('/v3/p').expect(200);
    expect(res.body).to.deep.equal({ version: 'v3' });
  });
});
