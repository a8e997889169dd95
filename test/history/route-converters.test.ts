import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { change, Controller, createApp, Ctx, Get, Header, Query, QueryParameterVersioning, VersionHistory, type VersionedRequest, type VersionedResponse } from '../../src';

const Page = Type.Object({ items: Type.Array(Type.String()), next: Type.Union([Type.String(), Type.Null()]) });

@Controller('/things', { namespace: 'things' })
class Things {
  @Get('/', { name: 'list', responses: { 201: { schema: Page } } })
  list(@Query('search') search: string, @Header('x-tenant') tenant: string, @Ctx() ctx: Context) {
    ctx.status = 201;
    return { items: [search, tenant, ctx.get('x-org') || 'no x-org'], next: null };
  }
}

describe('version history: route converters', () => {
  const history = new VersionHistory([
    {
      version: 'v2',
      changes: [
        change({
          description: 'The list reads `search` instead of `q`, the tenant from X-Tenant instead of X-Org, and answers 201 with a page.',
          requests: [
            {
              route: 'things:list',
              convert: ({ body, query: { q, ...query }, headers: { 'x-org': org, ...headers } }: VersionedRequest) => ({ body, query: { ...query, search: q }, headers: { ...headers, 'x-tenant': org } }),
            },
          ],
          responses: [{ route: 'things:list', convert: (response: VersionedResponse) => ({ status: 200, body: (response.body as { items: string[] }).items, headers: { 'X-Converted': 'yes' } }) }],
        }),
      ],
    },
    { version: 'v1' },
  ]);
  const app = createApp({ routes: [Things], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history });

  it('converts the query and headers of an older request, and the status, headers and body of its response', async () => {
    const old = await request(app.callback()).get('/things?version=v1&q=tea').set('X-Org', 'acme');
    expect([old.status, old.body, old.headers['x-converted']]).to.deep.equal([200, ['tea', 'acme', 'no x-org'], 'yes']);
    const head = await request(app.callback()).get('/things?version=v2&search=tea').set('X-Tenant', 'acme');
    expect([head.status, head.body, head.headers['x-converted']]).to.deep.equal([201, { items: ['tea', 'acme', 'no x-org'], next: null }, undefined]);
  });
});
