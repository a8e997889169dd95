import { expect } from 'chai';
import {
  All,
  Body,
  Controller,
  createApp,
  Get,
  Head,
  Header,
  include,
  Options,
  Param,
  Post,
  Query,
  URLPathVersioning,
  JSONRenderer,
  HTMLRenderer,
} from '../../src';
import { documentOf, operations } from './validator';

@Controller('/users', { namespace: 'users' })
class Users {
  @Get('/', { name: 'list', summary: 'List users', description: 'Every user, a page at a time.', tags: ['users'] })
  list(@Query('page') _page: number, @Header('X-Trace') _trace: string) {}

  @Get('/:id', { name: 'detail', requirements: { id: /\d+/ }, responses: { 200: { description: 'A user', schema: { type: 'object' } }, 404: {} } })
  detail(@Param('id') _id: number) {}

  @Post('/', 'create')
  create(@Body() _body: unknown) {}

  @Get('/:id/posts{/:page}', 'posts')
  posts() {}

  @All('/ping')
  ping() {}

  @Head('/head', 'head') head() {}
  @Options('/options', 'options') options() {}
}

@Controller('/legacy')
class Legacy {
  @Get('/users/:id', 'detail') // mounted in namespace 'users': the same full name as Users.detail
  detail() {}
}

describe('openapi/document', () => {
  const app = createApp({ routes: [Users, include('', [Legacy], { namespace: 'users' })] });

  it('names each operation in lower camel case from its full route name (`Controller.method` without one), later repeats `2`, `3`, ..., the name in x-waymark-route', async () => {
    const ops = operations(await documentOf(app));
    expect(ops.get('GET /users/{id}')).to.include({ operationId: 'usersDetail', 'x-waymark-route': 'users:detail' });
    expect(ops.get('GET /legacy/users/{id}')).to.include({ operationId: 'usersDetail2', 'x-waymark-route': 'users:detail' });
    // Forms come in the matcher's order (table/tokens.ts): an optional group kept, then left out.
    expect(ops.get('GET /users/{id}/posts/{page}')?.operationId).to.equal('usersPosts');
    expect(ops.get('GET /users/{id}/posts')?.operationId).to.equal('usersPosts2');
    const ids = [...ops.values()].map((operation) => operation.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('lists @All as GET, PUT, PATCH, POST and DELETE (the matcher\'s order), and never HEAD or OPTIONS', async () => {
    const document = await documentOf(app);
    expect(Object.keys(document.paths['/users/ping'])).to.deep.equal(['get', 'put', 'patch', 'post', 'delete']);
    expect(document.paths['/users/ping'].delete).to.include({ operationId: 'usersPing5', 'x-waymark-route': 'Users.ping' });
    expect(document.paths).to.not.have.any.keys('/users/head', '/users/options');
  });

  it('types parameters from their decorators and constrains path parameters by their requirements', async () => {
    const ops = operations(await documentOf(app));
    expect(ops.get('GET /users/{id}')?.parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } }]);
    expect(ops.get('GET /users')?.parameters).to.deep.equal([
      { name: 'page', in: 'query', required: false, schema: { type: 'number' } },
      { name: 'x-trace', in: 'header', required: false, schema: { type: 'string' } },
    ]);
    // A path parameter no decorator reads is still declared, as a string.
    expect(ops.get('GET /users/{id}/posts/{page}')?.parameters).to.deep.equal([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'page', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('documents @Body as an application/json requestBody', async () => {
    const create = (await documentOf(app)).paths['/users'].post;
    expect(create.requestBody).to.deep.equal({ required: false, content: { 'application/json': { schema: {} } } });
  });

  it('copies summary, description and tags, and documented responses beside the problem responses', async () => {
    const ops = operations(await documentOf(app));
    const list = ops.get('GET /users');
    expect(list).to.include({ summary: 'List users', description: 'Every user, a page at a time.' });
    expect(list?.tags).to.deep.equal(['users']);
    const detail = ops.get('GET /users/{id}');
    expect(detail?.responses['200']).to.deep.equal({ description: 'A user', content: { 'application/json': { schema: { type: 'object' } } } });
    // Documented by the route without a schema: its own description, with the problem document waymark sends.
    expect(detail?.responses['404']).to.deep.equal({ description: 'Not Found', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
    expect(Object.keys(detail?.responses ?? {})).to.have.members(['200', '404', '400', '406']);
  });

  it('gives every operation a 200 with any body and a 204 when it documents none, and the problems waymark can send', async () => {
    const ops = operations(await documentOf(app));
    const posts = ops.get('GET /users/{id}/posts');
    expect(posts?.responses['200']).to.deep.equal({ description: 'OK', content: { 'application/json': { schema: {} } } });
    expect(Object.keys(posts?.responses ?? {})).to.deep.equal(['200', '204', '404', '406']); // binds nothing: no 400
    // Reads a body: 413 and 415; no path parameter: no 404.
    expect(Object.keys(ops.get('POST /users')?.responses ?? {})).to.deep.equal(['200', '204', '400', '406', '413', '415']);
    expect(posts?.responses['406']).to.deep.equal({
      description: 'Not Acceptable',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
  });

  it('shares one Problem schema under components', async () => {
    const document = await documentOf(app);
    expect(Object.keys(document.components.schemas)).to.deep.equal(['Problem']);
    expect(document.components.schemas.Problem).to.deep.include({ type: 'object', required: ['type', 'title', 'status'] });
  });

  it('has one document without versioning; info.version and title can be given', async () => {
    const document = await documentOf(app, { info: { title: 'Users', version: '2024-06', description: 'People.' } });
    expect(document.openapi).to.match(/^3\.1\.\d+$/);
    expect(document.info).to.deep.equal({ title: 'Users', version: '2024-06', description: 'People.' });
    expect(document.servers).to.deep.equal([{ url: '/' }]); // no origin: what a client assumes, said
    expect(document.paths['/users'].get.security).to.deep.equal([]); // no described guard: public, said
  });

  it("uses the app's media types for the success responses", async () => {
    const custom = createApp({ routes: [Users], mediaTypes: ['application/json', 'application/vnd.example+json'] });
    const detail = operations(await documentOf(custom)).get('GET /users/{id}/posts');
    expect(Object.keys((detail?.responses['200'] as { content: object }).content)).to.deep.equal(['application/json', 'application/vnd.example+json']);
  });

  it("lists each route's renderers' media types; a schema shows under JSON types only (the others' bodies are the renderer's)", async () => {
    const csv = { mediaType: 'text/csv', format: 'csv', render: String };
    @Controller('/books', { renderers: [JSONRenderer, csv] })
    class Books {
      @Get('', { name: 'books-list', responses: { 200: { schema: { type: 'array', items: { type: 'string' } } } } }) list() {}
      @Get('/page', { name: 'books-page', renderers: [HTMLRenderer] }) page() {}
    }
    const app = createApp({ routes: [Books, Users] });
    const ops = operations(await documentOf(app));
    const content = (key: string) => (ops.get(key)?.responses['200'] as { content: object }).content;
    expect(content('GET /books')).to.deep.equal({ 'application/json': { schema: { type: 'array', items: { type: 'string' } } }, 'text/csv': {} });
    expect(content('GET /books/page')).to.deep.equal({ 'text/html': { schema: {} } });
    expect(Object.keys(content('GET /users/{id}/posts'))).to.deep.equal(['application/json']);
  });

  it('lists a route once per method and path: a later one that can never be reached is left out', async () => {
    @Controller()
    class Twice {
      @Get('/a/:x', 'first') first() {}
      @Get('/a/:y', 'second') second() {}
      @Post('/a/:y', 'third') third() {}
    }
    const document = await documentOf(createApp({ routes: [Twice] }));
    const ops = operations(document);
    // One path key for the one path: OpenAPI 3.1 §4.8.8 forbids `/a/{x}` beside `/a/{y}`; `third`'s parameter is listed under the key's name.
    expect(Object.keys(document.paths)).to.deep.equal(['/a/{x}']);
    expect([...ops.keys()]).to.deep.equal(['GET /a/{x}', 'POST /a/{x}']);
    expect(ops.get('GET /a/{x}')?.operationId).to.equal('first');
    expect(ops.get('POST /a/{x}')?.parameters).to.deep.equal([{ name: 'x', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('leaves out a route whose every request an earlier one takes (waymark matches in registration order)', async () => {
    @Controller()
    class Overlapping {
      @Get('/a/:x', 'any') any() {}
      @Get('/a/b', 'behind') behind() {} // /a/b is taken by /a/:x
      @Get('/n/:id', { name: 'numbers', requirements: { id: /\d+/ } }) numbers() {}
      @Get('/n/new', 'fresh') fresh() {} // 'new' is no number: reached
      @Get('/n/42', 'answer') answer() {} // taken by /n/:id
      @All('/p/:x', 'all') all() {}
      @Post('/p/y', 'posted') posted() {} // taken by @All
      @Get('/q/:x/:y', 'pair') pair() {}
      @Get('/q/:z', 'single') single() {} // another length: reached
    }
    const ids = [...operations(await documentOf(createApp({ routes: [Overlapping] }))).values()].map((operation) => operation.operationId);
    expect(ids).to.include.members(['any', 'numbers', 'fresh', 'pair', 'single']);
    expect(ids).to.not.include.members(['behind']);
    expect(ids).to.not.include('answer');
    expect(ids).to.not.include('posted');
  });

  it('returns fresh data: changing one document changes neither the next one nor the app', async () => {
    const first = app.openapi();
    first.paths['/users'].get.operationId = 'changed';
    (first.components.schemas.Problem as { type: string }).type = 'string';
    const second = await documentOf(app);
    expect(second.paths['/users'].get.operationId).to.equal('usersList');
    expect(second.components.schemas.Problem).to.have.property('type', 'object');
  });

  it('writes templates as OpenAPI reads them: braces and spaces in static text are percent-encoded', async () => {
    @Controller()
    class Odd {
      @Get('/caf\u00e9/a\\{b\\}/:id', 'odd') odd() {}
    }
    const document = await documentOf(createApp({ routes: [Odd] }));
    expect(Object.keys(document.paths)).to.deep.equal(['/caf%C3%A9/a%7Bb%7D/{id}']);
  });

  it('documents a versioned app the same way (the version filled in where the scheme carries it)', async () => {
    const versioned = createApp({
      routes: [include('/:version', [Users])],
      versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
    });
    const ops = operations(await documentOf(versioned, { version: 'v2' }));
    expect(ops.get('GET /v2/users/{id}')?.operationId).to.equal('usersDetail');
    expect(ops.get('GET /v2/users/{id}')?.parameters).to.have.length(1);
  });
});
