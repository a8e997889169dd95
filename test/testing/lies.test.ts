import 'reflect-metadata';
import { expect } from 'chai';
import type { Context } from 'koa';
import { Body, Controller, createApp, Ctx, Get, NotFound, Param, Post, type App } from '../../src';
import { checkContract, ContractViolation } from '../../src/testing';

const Book = { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' } } } as const;
const NewBook = { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 } } } as const;

/** A small honest API: each test below plants one lie in a copy of it. */
function booksApp(lie: (ctx: Context, id: number) => unknown = (_ctx, id) => ({ id, title: 'Dune' })): App {
  @Controller('/books')
  class Books {
    @Get('/:id', { name: 'books-detail', requirements: { id: /\d+/ }, responses: { 200: { schema: Book } } })
    detail(@Param('id') id: number, @Ctx() ctx: Context) {
      if (id > 1000) throw new NotFound('No such book.');
      return lie(ctx, id);
    }

    @Post('/', { name: 'books-create', responses: { 201: { schema: Book } } })
    create(@Body({ required: true, schema: NewBook }) body: { title: string }, @Ctx() ctx: Context) {
      ctx.status = 201;
      return { id: 7, title: body.title };
    }
  }
  const app = createApp({ routes: [Books] });
  app.silent = true; // the planted 500s would be logged by Koa
  return app;
}

async function failureOf(app: App): Promise<ContractViolation> {
  try {
    await checkContract(app, { runs: 30, seed: 7 });
  } catch (error) {
    expect(error).to.be.instanceOf(ContractViolation);
    return error as ContractViolation;
  }
  throw new Error('checkContract passed an app that breaks its document');
}

describe('checkContract: planted lies', () => {
  it('passes the honest app, reporting the statuses each operation answered', async () => {
    const report = await checkContract(booksApp(), { runs: 30, seed: 7 });
    expect(report.operations.map(({ route, method }) => `${method} ${route}`)).to.deep.equal(['POST books-create', 'GET books-detail']);
    expect(report.operations[0].statuses).to.include.members([201, 400]);
    expect(report.operations[1].statuses).to.include(200);
  });

  it('fails on a status the operation does not document, naming the operation', async () => {
    const error = await failureOf(booksApp((ctx, id) => ((ctx.status = 202), { id, title: 'Dune' })));
    expect(error.failures[0].operation).to.deep.include({ route: 'books-detail', method: 'GET', path: '/books/{id}' });
    expect(error.failures[0].problem).to.match(/answered 202, a status the operation does not document/);
    expect(error.message).to.match(/books-detail \(GET \/books\/\{id\}\)/);
  });

  it('fails on a field of the wrong type, with the shrunk request and the response', async () => {
    const error = await failureOf(booksApp((ctx, id) => ((ctx.type = 'application/json'), (ctx.body = JSON.stringify({ id: String(id), title: 'Dune' })), undefined)));
    const [failure] = error.failures;
    expect(failure.operation.route).to.equal('books-detail');
    expect(failure.problem).to.match(/schema .*refuses: \/id must be integer/);
    expect(failure.request?.url).to.match(/^\/books\/\d+$/);
    expect(failure.response).to.deep.include({ status: 200 });
  });

  it('fails on a 500 and shrinks the request that caused it', async () => {
    const error = await failureOf(
      booksApp((_ctx, id) => {
        if (id >= 10) throw new Error('the database fell over');
        return { id, title: 'Dune' };
      }),
    );
    const [failure] = error.failures;
    expect(failure.operation.route).to.equal('books-detail');
    expect(failure.problem).to.equal('answered 500, a server error');
    expect(failure.request?.url).to.equal('/books/10'); // the smallest id that fails
  });

  it('fails on a media type the operation does not document', async () => {
    const error = await failureOf(booksApp((ctx, id) => ((ctx.type = 'text/plain'), (ctx.body = `book ${id}`), undefined)));
    expect(error.failures[0].operation.route).to.equal('books-detail');
    expect(error.failures[0].problem).to.match(/sent text\/plain.*a media type the status does not document/);
  });

  it('fails on a missing required field', async () => {
    const error = await failureOf(booksApp((ctx, id) => ((ctx.type = 'application/json'), (ctx.body = JSON.stringify({ id })), undefined)));
    expect(error.failures[0].operation.route).to.equal('books-detail');
    expect(error.failures[0].problem).to.match(/must have required property 'title'/);
  });

  it('cannot pass an app that answers 500 to everything', async () => {
    const app = booksApp();
    app.use(() => {
      throw new Error('down');
    });
    const error = await failureOf(app);
    expect(error.failures.map((failure) => failure.operation.route)).to.deep.equal(['books-create', 'books-detail']);
    expect(error.failures.every((failure) => failure.response?.status === 500)).to.equal(true);
  });
});
