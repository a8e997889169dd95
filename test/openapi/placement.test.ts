import { expect } from 'chai';
import type { Context } from 'koa';
import {
  AcceptHeaderVersioning,
  BaseVersioning,
  Controller,
  createApp,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  Param,
  QueryParameterVersioning,
  URLPathVersioning,
  JSONRenderer,
} from '../../src';
import { versionedOrigin } from '../../src/openapi/placement';
import { documentOf, operations } from './validator';

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };

@Controller('/users')
class Users {
  @Get('/:id', 'detail') detail(@Param('id') _id: string) {}
}

@Controller('/health', { versioning: null })
class Health {
  @Get('', 'health') health() {}
}

describe('openapi/placement', () => {
  it('URL path: the version is written into the path; a route outside the versioned include is in every document', async () => {
    @Controller()
    class Status {
      @Get('/status', 'status') status() {}
      @Get('/beta', { name: 'beta', versions: ['v2'] }) beta() {} // gets the default version v1, which it does not serve
    }
    const app = createApp({ routes: [include('/:version', [Users]), Status], versioning: new URLPathVersioning(versions) });
    const v2 = operations(await documentOf(app, { version: 'v2' }));
    expect([...v2.keys()]).to.deep.equal(['GET /v2/users/{id}', 'GET /status']);
    expect(v2.get('GET /v2/users/{id}')?.parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect([...operations(await documentOf(app)).keys()]).to.deep.equal(['GET /v1/users/{id}', 'GET /status']);
  });

  it('URL path: a requirement on the version parameter that the version fails leaves the route out', async () => {
    @Controller('/:version/numbers')
    class Numbers {
      @Get('', { name: 'numbers', requirements: { version: /v\d/ } }) numbers() {}
    }
    const app = createApp({ routes: [Numbers], versioning: new URLPathVersioning({ allowedVersions: ['v1', 'beta'] }) });
    expect(Object.keys((await documentOf(app, { version: 'v1' })).paths)).to.deep.equal(['/v1/numbers']);
    expect(Object.keys((await documentOf(app, { version: 'beta' })).paths)).to.deep.equal([]);
  });

  it('namespace: each version sees the routes of its own namespace and the un-namespaced ones, never one of a namespace that is no version', async () => {
    const app = createApp({
      routes: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' }), include('/x', [Users], { namespace: 'x' }), Users],
      versioning: new NamespaceVersioning(versions),
    });
    const v1 = operations(await documentOf(app, { version: 'v1' }));
    expect([...v1].map(([key, op]) => `${key} ${op['x-waymark-route']}`)).to.deep.equal(['GET /v1/users/{id} v1:detail', 'GET /users/{id} detail']);
    const v2 = operations(await documentOf(app, { version: 'v2' }));
    expect([...v2].map(([key, op]) => `${key} ${op['x-waymark-route']}`)).to.deep.equal(['GET /v2/users/{id} v2:detail', 'GET /users/{id} detail']);
  });

  it('query parameter: a versionParam query parameter whose enum is the version, required unless it is the default', async () => {
    const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ ...versions, versionParam: 'api' }) });
    const v2 = (await documentOf(app, { version: 'v2' })).paths['/users/{id}'].get;
    expect((v2.parameters as object[])[0]).to.deep.equal({ name: 'api', in: 'query', required: true, description: 'The API version: send v2 to be answered by this version.', schema: { type: 'string', enum: ['v2'] } });
    const v1 = (await documentOf(app)).paths['/users/{id}'].get;
    // Left out, the request is answered by the default version: not required in its document, and said so.
    expect((v1.parameters as object[])[0]).to.deep.include({ name: 'api', required: false, description: 'The API version; leave it out for this one (v1).', schema: { type: 'string', enum: ['v1'] } });
  });

  it('Accept header: the success media types carry the version; problem documents do not', async () => {
    const app = createApp({ routes: [Users], versioning: new AcceptHeaderVersioning(versions), renderers: [JSONRenderer, { mediaType: 'text/csv', render: String }] });
    const responses = (await documentOf(app, { version: 'v2' })).paths['/users/{id}'].get.responses as Record<string, { content: object }>;
    expect(Object.keys(responses['200'].content)).to.deep.equal(['application/json; version=v2', 'text/csv; version=v2']);
    expect(Object.keys(responses['406'].content)).to.deep.equal(['application/problem+json']);
    const odd = createApp({ routes: [Users], versioning: new AcceptHeaderVersioning({ allowedVersions: ['1 beta'] }) });
    const quoted = (await documentOf(odd, { version: '1 beta' })).paths['/users/{id}'].get.responses as Record<string, { content: object }>;
    expect(Object.keys(quoted['200'].content)).to.deep.equal(['application/json; version="1 beta"']);
  });

  it("host name: servers are the origin with the version as first label (replaced in a three-label host, else prepended)", async () => {
    const app = createApp({ routes: [Users], versioning: new HostNameVersioning(versions), origin: 'https://api.example.com' });
    expect((await documentOf(app, { version: 'v2' })).servers).to.deep.equal([{ url: 'https://v2.example.com' }]);
    const local = createApp({ routes: [Users], versioning: new HostNameVersioning(versions), origin: 'http://localhost:3000' });
    expect((await documentOf(local)).servers).to.deep.equal([{ url: 'http://v1.localhost:3000' }]);
    expect(versionedOrigin('https://a.b.c.example.com:8443', 'v3')).to.equal('https://v3.a.b.c.example.com:8443');
  });

  it('host name without an origin is an InvalidArgument naming it', () => {
    const app = createApp({ routes: [Users], versioning: new HostNameVersioning(versions) });
    expect(() => app.openapi()).to.throw(/origin/).with.property('code', 'INVALID_ARGUMENT');
  });

  it('a controller with versioning off is in every document, with no version placed', async () => {
    const app = createApp({ routes: [include('/:version', [Users]), Health], versioning: new URLPathVersioning(versions) });
    for (const version of ['v1', 'v2']) {
      const document = await documentOf(app, { version });
      expect(document.paths['/health'].get.operationId).to.equal('health');
      expect(document.paths['/health'].get.responses).to.have.all.keys('200', '204', '406'); // no path parameter, no version to refuse: no 404
    }
  });

  it('a scheme of your own places nothing: the document lists the routes that serve the version', async () => {
    class HeaderVersioning extends BaseVersioning {
      readonly vary = ['X-Version'];
      determineVersion(ctx: Context) {
        return this.accept(ctx.get('X-Version') || this.defaultVersion);
      }
    }
    @Controller('/things')
    class Things {
      @Get('', { name: 'old', versions: ['1'] }) old() {}
      @Get('', { name: 'new', versions: ['2'] }) new() {}
    }
    const app = createApp({ routes: [Things], versioning: new HeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
    expect((await documentOf(app, { version: '2' })).paths['/things'].get.operationId).to.equal('new');
    expect((await documentOf(app, { version: '1' })).paths['/things'].get.operationId).to.equal('old');
  });
});
