import { expect } from 'chai';
import type { Context } from 'koa';
import { Controller, Ctx, Get, QueryParameterVersioning } from '../../src';
import { replaceQueryParam } from '../../src/versioning/query-parameter';
import { agent, Things } from './helpers';

@Controller('/links')
class Links {
  @Get('', 'links')
  links(@Ctx() ctx: Context) {
    return ctx.reverse('thing', { id: 7 }, { query: { z: 1, version: 'caller', a: 2 }, fragment: 'f' });
  }
}

describe('versioning/query-parameter', () => {
  const observed: [string, string | null][] = [
    ['/things?version=1.0', '1.0'],
    ['/things?version', ''],
    ['/things?version=', ''],
    ['/things?version=1&version=2', '2'],
    ['/things?version=a+b', 'a b'],
    ['/things?Version=1', null],
    ['/things?version[]=1', null],
    ['/things?__proto__=1&constructor=2', null],
  ];
  for (const [path, version] of observed) {
    it(`${path} → ${JSON.stringify(version)}`, async () => {
      expect((await agent(new QueryParameterVersioning()).get(path).expect(200)).body.version).to.equal(version);
    });
  }

  it('sets the version in links, form-encoded, and keeps an empty one', async () => {
    expect((await agent(new QueryParameterVersioning()).get('/things?version=a+b').expect(200)).body.link).to.equal('http://api.test/things/7?version=a+b');
    expect((await agent(new QueryParameterVersioning()).get('/things?version=').expect(200)).body.link).to.equal('http://api.test/things/7?version=');
    expect((await agent(new QueryParameterVersioning()).get('/things?version=a%26b').expect(200)).body.link).to.equal('http://api.test/things/7?version=a%26b');
  });

  it('sets the default version in links too', async () => {
    const res = await agent(new QueryParameterVersioning({ defaultVersion: 'v1' })).get('/things').expect(200);
    expect(res.body.link).to.equal('http://api.test/things/7?version=v1');
  });

  it('replaces the caller’s version and sorts the query keys, keeping the fragment', async () => {
    const res = await agent(new QueryParameterVersioning(), [Things, Links]).get('/links?version=v2').expect(200);
    expect(res.body).to.equal('http://api.test/things/7?a=2&version=v2&z=1#f');
  });

  it('replaceQueryParam keeps repeated values of other keys and the rest of the URL as written', () => {
    expect(replaceQueryParam('http://H.test/p%2Fq?b=2&a=1&b=1&version=x', 'version', 'v1')).to.equal('http://H.test/p%2Fq?a=1&b=2&b=1&version=v1');
  });

  it("regression: ?version=a~b was re-encoded in links as a%7Eb, and '*' left bare where DRF writes %2A", async () => {
    const res = await agent(new QueryParameterVersioning()).get('/things?version=a~b*').expect(200);
    expect(res.body).to.deep.equal({ version: 'a~b*', link: 'http://api.test/things/7?version=a~b%2A' });
    expect(replaceQueryParam('/p?b=x~y&a=%2A#f', 'version', 'v 1')).to.equal('/p?a=%2A&b=x~y&version=v+1#f');
  });
});
