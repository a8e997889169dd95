import { expect } from 'chai';
import type { Context } from 'koa';
import { Controller, Ctx, Get, include, NamespaceVersioning } from '../../src';
import { agent, Things } from './helpers';

@Controller('/plain')
class Plain {
  @Get('', 'plain')
  plain(@Ctx() ctx: Context) {
    return { version: ctx.version };
  }
}

@Controller('/links')
class Links {
  @Get('', 'links')
  links(@Ctx() ctx: Context) {
    return { versioned: ctx.reverse('thing', { id: 1 }), fallback: ctx.reverse('plain') };
  }
}

@Controller('/things')
class Reports {
  @Get('', 'report')
  report(@Ctx() ctx: Context) {
    return { version: ctx.version };
  }
}

function nested(path: string[]) {
  return path.reduceRight<ReturnType<typeof include> | typeof Reports>((inner, ns) => include(`/${ns}`, [inner], { namespace: ns }), Reports);
}

describe('versioning/namespace', () => {
  it('gives the default unchecked to a route outside any namespace (DRF)', async () => {
    expect((await agent(new NamespaceVersioning({ allowedVersions: ['v1'] }), [Plain]).get('/plain').expect(200)).body.version).to.equal(null);
    expect((await agent(new NamespaceVersioning({ defaultVersion: 'v9', allowedVersions: ['v1'] }), [Plain]).get('/plain').expect(200)).body.version).to.equal('v9');
  });

  const cases: [string[], string[] | null, string][] = [
    [['api', 'v1'], null, 'api'],
    [['users', 'v2'], null, 'users'],
    [['users', 'v2'], ['v1', 'v2'], 'v2'],
    [['v2', 'v1'], ['v1', 'v2'], 'v2'],
    [['a', 'b', 'v1'], ['v1', 'v2'], 'v1'],
  ];
  for (const [path, allowed, version] of cases) {
    it(`namespace '${path.join(':')}' with allowed ${JSON.stringify(allowed)} → '${version}' (first allowed segment)`, async () => {
      const res = await agent(new NamespaceVersioning({ allowedVersions: allowed }), [nested(path)]).get(`/${path.join('/')}/things`).expect(200);
      expect(res.body.version).to.equal(version);
    });
  }

  it('is a 404 when no segment is allowed, even with a default version', async () => {
    const res = await agent(new NamespaceVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', null] }), [nested(['v9'])]).get('/v9/things');
    expect([res.status, res.body.detail]).to.deep.equal([404, 'Invalid version in URL path. Does not match any version namespace.']);
  });

  it('reverses in the version namespace, falling back to the plain name (DRF #2711)', async () => {
    const routes = [include('/v1', [Things, Links], { namespace: 'v1' }), include('/v2', [Things, Links], { namespace: 'v2' }), Plain];
    const res = await agent(new NamespaceVersioning(), routes).get('/v2/links').expect(200);
    expect(res.body).to.deep.equal({ versioned: 'http://api.test/v2/things/1', fallback: 'http://api.test/plain' });
  });
});
