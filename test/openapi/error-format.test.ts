import { expect } from 'chai';
import { Body, Controller, createApp, Get, ImproperlyConfigured, Param, Post, Use, type ProblemDocument } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const GENERIC_ERROR = {
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'object', properties: { body: { type: 'array', items: { type: 'string' } } }, additionalProperties: { type: 'array', items: { type: 'string' } } } },
};

@Controller('/articles')
class Articles {
  @Post('/', 'create') create(@Body({ schema: { type: 'object', properties: { title: { type: 'string' } } } }) body: object) {
    return body;
  }
  @Get('/:slug', { name: 'detail', responses: { 200: {}, '4XX': { description: 'Any client error', schema: GENERIC_ERROR } } }) detail(@Param('slug') slug: string) {
    return { slug };
  }
}

const realWorld = (problem: ProblemDocument) => ({ errors: { body: [problem.detail] } });

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;

describe('openapi and the client: the app’s own error format (docs/errors.md#in-the-documents)', () => {
  const app = createApp({ routes: [Articles], errors: { status: { validation: 422 }, mediaType: 'application/json', schema: GENERIC_ERROR, render: realWorld } });
  const document = app.openapi();

  // Regression: the document typed every generated 4xx as application/problem+json (Problem) whatever the app sent.
  it('documents every generated error response with errors.mediaType and errors.schema', () => {
    const create = document.paths['/articles'].post.responses as Responses;
    expect(Object.keys(create)).to.include.members(['400', '406', '413', '415', '422']);
    for (const status of ['400', '406', '413', '415', '422']) {
      expect(create[status].content, status).to.deep.equal({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    }
    expect(document.components.schemas).to.deep.equal({ Error: GENERIC_ERROR });
    expect(JSON.stringify(document)).to.not.include('problem+json');
  });

  it("lets a route's 4XX replace the generated 4xx entries", () => {
    const detail = document.paths['/articles/{slug}'].get.responses as Responses;
    expect(Object.keys(detail)).to.have.members(['200', '4XX']);
  });

  // Regression: the client typed every error body as Problem.
  it('types the client’s error bodies by the declared schema', () => {
    const source = generateClient(clientSourceOf(app, 'test'));
    expect(source).to.match(/Reply<422, \w*Error>/);
    expect(source).to.not.match(/Reply<4\d\d, Problem>/);
  });

  it('keeps problem documents (and Problem) when the app does not render its own', () => {
    const plain = createApp({ routes: [Articles], errors: { mediaType: 'application/json' } }).openapi();
    const create = plain.paths['/articles'].post.responses as Responses;
    expect(create['400'].content).to.deep.equal({ 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } });
    expect(plain.components.schemas).to.have.keys('Problem');
    const source = generateClient(clientSourceOf(createApp({ routes: [Articles], errors: { mediaType: 'application/json' } }), 'test'));
    expect(source).to.match(/Reply<400, Problem>/);
  });
});

describe('openapi: a described guard’s { status, schema } responses (docs/errors.md#in-the-documents)', () => {
  const TOO_MANY = { type: 'object', required: ['retryIn'], properties: { retryIn: { type: 'integer' } } };
  const throttle = { middleware: async (_ctx: unknown, next: () => Promise<void>) => next(), responses: [401, { status: 429, schema: TOO_MANY, description: 'Slow down' }] };

  @Controller('/limited')
  class Limited {
    @Get('', 'limited') @Use(throttle) list() {
      return [];
    }
  }

  it('documents the guard’s own body under the app’s error media type, and its plain statuses as the app’s errors', () => {
    const responses = createApp({ routes: [Limited], errors: { mediaType: 'application/json', render: realWorld, schema: GENERIC_ERROR } }).openapi().paths['/limited'].get.responses as Record<string, unknown>;
    expect(responses['429']).to.deep.equal({ description: 'Slow down', content: { 'application/json': { schema: TOO_MANY } } });
    expect(responses['401']).to.deep.equal({ description: 'Unauthorized', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    expect(createApp({ routes: [Limited] }).openapi().paths['/limited'].get.responses['429']).to.deep.equal({ description: 'Slow down', content: { 'application/problem+json': { schema: TOO_MANY } } });
  });

  it('refuses a malformed guard response when the app is built', () => {
    for (const responses of [[{ status: 200 }], [{ status: 429, schema: 7 }], [{ status: 429, shape: {} }]]) {
      expect(() => Use({ middleware: async () => {}, responses } as never), JSON.stringify(responses)).to.throw(ImproperlyConfigured);
    }
  });
});
