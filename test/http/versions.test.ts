import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Delete, Get, QueryParameterVersioning, Version } from '../../src';

@Controller('/items')
class ItemsV1 {
  @Get('', { name: 'items', versions: ['v1'] }) v1(@Version() version: string) {
    return { handler: 'v1', version };
  }
}

@Controller('/items', { versions: ['v2', 'v3'] })
class ItemsV2 {
  @Get('', 'items') v2(@Ctx() ctx: Context) {
    return { handler: 'v2', version: ctx.version, route: ctx.route?.name };
  }
}

@Controller('/unversioned', { versioning: null })
class Unversioned {
  @Get('', 'unversioned') get(@Ctx() ctx: Context) {
    return { version: ctx.version, scheme: ctx.versioningScheme };
  }
}

@Controller('/own', { versioning: new QueryParameterVersioning({ versionParam: 'v', allowedVersions: ['x'] }) })
class OwnScheme {
  @Get('', 'own') get(@Version() version: string) {
    return { version };
  }
}

/** Declares DELETE on another path: on /items it is a 405, not a 501 (docs/methods.md). */
@Controller('/elsewhere')
class Elsewhere {
  @Delete('') remove() {}
}

const app = () =>
  createApp({ routes: [ItemsV1, ItemsV2, Unversioned, OwnScheme, Elsewhere], versioning: new QueryParameterVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2', 'v3', 'v4'] }) }).callback();

describe('http: dispatch by version (docs/reference/decisions.md#dispatch-by-version)', () => {
  it('routes one path to the handler serving the request version', async () => {
    expect((await request(app()).get('/items').expect(200)).body).to.deep.equal({ handler: 'v1', version: 'v1' });
    expect((await request(app()).get('/items?version=v1').expect(200)).body).to.deep.equal({ handler: 'v1', version: 'v1' });
    expect((await request(app()).get('/items?version=v3').expect(200)).body).to.deep.equal({ handler: 'v2', version: 'v3', route: 'items' });
  });

  it('answers an allowed version that no route serves like a disallowed one', async () => {
    const res = await request(app()).get('/items?version=v4');
    expect([res.status, res.body.detail]).to.deep.equal([404, 'Invalid version in query parameter.']);
    const refused = await request(app()).get('/items?version=v5');
    expect([refused.status, refused.body.detail]).to.deep.equal([404, 'Invalid version in query parameter.']);
  });

  it('a controller may turn versioning off, or use its own scheme', async () => {
    expect((await request(app()).get('/unversioned?version=nonsense').expect(200)).body).to.deep.equal({ version: null, scheme: null });
    expect((await request(app()).get('/own?v=x').expect(200)).body).to.deep.equal({ version: 'x' });
    expect((await request(app()).get('/own?version=v1')).status).to.equal(404);
  });

  it('checks in the documented order (docs/reference/versioning.md#order-of-checks): 405 before the version, negotiation (406) before the version', async () => {
    const wrongMethod = await request(app()).delete('/items?version=v9');
    expect([wrongMethod.status, wrongMethod.headers.allow]).to.deep.equal([405, 'HEAD, GET']);
    const unacceptable = await request(app()).get('/items?version=v9').set('Accept', 'application/xml');
    expect([unacceptable.status, unacceptable.body.detail]).to.deep.equal([406, 'Could not satisfy the request Accept header.']);
  });
});
