import { expect } from 'chai';
import type { Middleware } from 'koa';
import request from 'supertest';
import { Controller, createApp, Get, include, Unauthorized, Use, type App, type DescribedGuard } from '../../src';
import { documentOf } from './validator';

const bearer: Middleware = async (ctx, next) => {
  if (ctx.get('Authorization') !== 'Bearer ok') throw new Unauthorized('Sign in first.', { challenge: 'Bearer' });
  await next();
};
/** The same check, described: what it answers and what a client must present. */
const described = { middleware: bearer, responses: [401, 403], security: { bearerAuth: [] } };
/** A middleware function carrying its description as properties. */
const limited: Middleware & { responses: number[] } = Object.assign(async (_ctx: unknown, next: () => Promise<unknown>) => next(), { responses: [429] });
const apiKey: DescribedGuard = { middleware: (async (_ctx, next) => next()) as Middleware, security: [{ apiKey: [] }, { bearerAuth: ['read'] }] };

@Controller('/books')
@Use(described)
class BooksController {
  @Get('', 'list') list() {
    return [];
  }

  @Get('/:id', 'detail')
  @Use(limited, apiKey)
  detail() {
    return {};
  }
}

@Controller('/open')
class OpenController {
  @Get('', 'open') open() {
    return {};
  }
}

const securitySchemes = { bearerAuth: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } };

describe('openapi/security (described guards)', () => {
  const app: App = createApp({ routes: [BooksController, include('/public', [OpenController], { use: [limited] })], openapi: { securitySchemes } });

  it("lists a guard's statuses and security on each operation it guards; an unguarded one is public: security []", async () => {
    const document = await documentOf(app);
    const list = document.paths['/books'].get;
    expect(list.security).to.deep.equal([{ bearerAuth: [] }]);
    expect(Object.keys(list.responses)).to.deep.equal(['200', '204', '401', '403', '406']);
    expect(document.paths['/public/open'].get.security).to.deep.equal([]);
    expect(Object.keys(document.paths['/public/open'].get.responses)).to.deep.equal(['200', '204', '406', '429']);
    expect(document.components.securitySchemes).to.deep.equal(securitySchemes);
  });

  it('combines the guards of one route: each must pass, so each alternative of one is joined with each of the next', async () => {
    const detail = (await documentOf(app)).paths['/books/{id}'].get;
    expect(detail.security).to.deep.equal([{ bearerAuth: [], apiKey: [] }, { bearerAuth: ['read'] }]);
    expect(Object.keys(detail.responses)).to.deep.equal(['200', '204', '401', '403', '404', '406', '429']);
  });

  it('runs a described guard as the plain middleware it holds', async () => {
    await request(app.callback()).get('/books').expect(401);
    await request(app.callback()).get('/books').set('Authorization', 'Bearer ok').expect(200, []);
  });

  it('is an ImproperlyConfigured at build when a guard names a security scheme the options do not declare', () => {
    expect(() => createApp({ routes: [BooksController] })).to.throw(/requires the security scheme "bearerAuth".*securitySchemes/).with.property('code', 'IMPROPERLY_CONFIGURED');
    expect(() => createApp({ routes: [BooksController], openapi: { securitySchemes: { bearerAuth: securitySchemes.bearerAuth } } })).to.throw(/"apiKey"/);
  });

  it("refuses a call's own securitySchemes that lack a scheme the guards name, with an InvalidArgument", () => {
    expect(() => app.openapi({ securitySchemes: { bearerAuth: securitySchemes.bearerAuth } })).to.throw(/"apiKey"/).with.property('code', 'INVALID_ARGUMENT');
  });

  it('refuses a guard description it cannot use, naming it', () => {
    const bad: unknown[] = [{ middleware: bearer, responses: [200] }, { middleware: bearer, responses: 401 }, { middleware: bearer, security: 'bearerAuth' }, { middleware: bearer, scopes: [] }, { responses: [401] }];
    for (const guard of bad) expect(() => Use(guard as never), JSON.stringify(guard)).to.throw().with.property('code', 'IMPROPERLY_CONFIGURED');
    expect(() => include('/x', [], { use: [{ middleware: bearer, responses: ['401'] } as never] })).to.throw(/problem statuses/);
  });
});
