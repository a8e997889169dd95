import { expect } from 'chai';
import { AcceptHeaderVersioning, Controller, createApp, docsRoutes, Get, Param, QueryParameterVersioning } from '../../src';
import { documentOf } from './validator';

@Controller('/files')
class FilesController {
  @Get('/*path', 'file') file() {}
  @Get('/by-id/:id', { name: 'by-id', requirements: { id: /\d+/ } }) byId(@Param('id') id: number) {
    return { id };
  }
  @Get('/by-code/:code', { name: 'by-code', requirements: { code: /[a-z]\d+/ }, tags: ['codes'] }) byCode(@Param('code') code: number) {
    return { code };
  }
}

const openapi = {
  info: { title: 'Files', description: 'Stored files.', license: { name: 'MIT', identifier: 'MIT' } },
  servers: [{ url: 'https://files.example.test', description: 'production' }],
  tags: [{ name: 'Files', description: 'What is stored' }],
};

describe('openapi/document options', () => {
  const app = createApp({ routes: [FilesController], openapi, origin: 'https://ignored.example.test' });

  it('takes info, servers and tags from AppOptions.openapi; tags used by operations and not listed follow', async () => {
    const document = await documentOf(app);
    expect(document.info).to.deep.equal({ ...openapi.info, version: 'unversioned' });
    expect(document.servers).to.deep.equal(openapi.servers);
    expect(document.tags).to.deep.equal([...openapi.tags, { name: 'codes' }]);
    expect(document.paths['/files/{path}'].get.tags).to.deep.equal(['Files']); // the class name without Controller
    expect(document.paths['/files/by-code/{code}'].get.tags).to.deep.equal(['codes']); // the route's own win
  });

  it("lets one call's options win, and never shares its objects with the app", async () => {
    const document = await documentOf(app, { info: { title: 'Other' }, servers: [{ url: 'http://localhost:3000' }] });
    expect(document.info).to.deep.include({ title: 'Other', description: 'Stored files.' });
    expect(document.servers).to.deep.equal([{ url: 'http://localhost:3000' }]);
    document.info.license = 'changed';
    expect((await documentOf(app)).info.license).to.deep.equal(openapi.info.license);
  });

  it('defaults servers to origin, else /', async () => {
    expect((await documentOf(createApp({ routes: [FilesController], origin: 'https://api.example.test' }))).servers).to.deep.equal([{ url: 'https://api.example.test' }]);
    expect((await documentOf(createApp({ routes: [FilesController] }))).servers).to.deep.equal([{ url: '/' }]);
  });

  it('marks a *rest path parameter x-waymark-wildcard', async () => {
    const [parameter] = (await documentOf(app)).paths['/files/{path}'].get.parameters as object[];
    expect(parameter).to.deep.equal({ name: 'path', in: 'path', required: true, schema: { type: 'string' }, 'x-waymark-wildcard': true });
  });

  it('documents a number whose requirement is digits as a safe non-negative integer, any other requirement as the text it matches', async () => {
    const document = await documentOf(app);
    const [byId] = document.paths['/files/by-id/{id}'].get.parameters as { schema: object }[];
    expect(byId.schema).to.deep.equal({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
    const [byCode] = document.paths['/files/by-code/{code}'].get.parameters as { schema: object }[];
    expect(byCode.schema).to.deep.equal({ type: 'string', pattern: '^(?:[a-z]\\d+)$' });
  });

  it("documents each response in the media types it is sent in: the docs page's HTML, stylesheets, scripts and icons are not JSON", async () => {
    const document = await documentOf(createApp({ routes: [FilesController, docsRoutes({ document: true })] }));
    expect(Object.keys((document.paths['/docs'].get.responses['200'] as { content: object }).content)).to.deep.equal(['text/html']);
    const asset = document.paths['/docs/assets/{file}'].get.responses as Record<string, { content?: object }>;
    expect(Object.keys(asset['200'].content ?? {})).to.have.members(['text/css', 'application/json', 'text/javascript', 'image/png', 'text/html']);
    expect(asset['304']).to.not.have.property('content');
  });

  it('refuses misconfigured options at build, naming them', () => {
    const bad: unknown[] = [{ servers: 'https://x' }, { servers: [{ url: 1 }] }, { tags: [{ title: 'x' }] }, { securitySchemes: { bearer: { scheme: 'bearer' } } }, { info: { titel: 'x' } }, { paths: {} }];
    for (const options of bad) {
      expect(() => createApp({ routes: [FilesController], openapi: options as never }), JSON.stringify(options)).to.throw(/openapi/).with.property('code', 'IMPROPERLY_CONFIGURED');
    }
  });
});

describe('openapi/how a client asks for its version', () => {
  const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };

  it('Accept header: x-waymark-versioning and each operation say which Accept to send', async () => {
    const app = createApp({ routes: [FilesController], versioning: new AcceptHeaderVersioning(versions) });
    const document = await documentOf(app, { version: 'v2' });
    expect(document['x-waymark-versioning']).to.deep.equal({ scheme: 'accept-header', version: 'v2', defaultVersion: 'v1', accept: 'application/json; version=v2' });
    expect(document.paths['/files/{path}'].get.description).to.contain('send `Accept: application/json; version=v2`');
  });

  it('query parameter: names the parameter; it is required only outside the default version', async () => {
    const app = createApp({ routes: [FilesController], versioning: new QueryParameterVersioning(versions) });
    const v1 = await documentOf(app);
    expect(v1['x-waymark-versioning']).to.deep.equal({ scheme: 'query-parameter', version: 'v1', defaultVersion: 'v1', query: 'version' });
    expect(v1.paths['/files/{path}'].get.parameters).to.deep.include({ name: 'version', in: 'query', required: false, description: 'The API version; leave it out for this one (v1).', schema: { type: 'string', enum: ['v1'] } });
  });
});
