import { expect } from 'chai';
import request from 'supertest';
import { BadRequest, Controller, createApp, ErrorCatalogue, Get, HttpError, Post, MethodNotAllowed, NotFound, TooManyRequests, Unauthorized, type ErrorCode } from '../../src';
import { httpError } from '../../src/errors';

describe('errors/http: Koa conventions', () => {
  it('has status, statusCode, expose (true below 500) and headers, as http-errors does', () => {
    const cases: [HttpError, number, boolean, Record<string, string>][] = [
      [new NotFound(), 404, true, {}],
      [new MethodNotAllowed(['GET', 'HEAD']), 405, true, { Allow: 'GET, HEAD' }],
      [new Unauthorized(undefined, { challenge: 'Bearer' }), 401, true, { 'WWW-Authenticate': 'Bearer' }],
      [new TooManyRequests(undefined, { retryAfter: 1 }), 429, true, { 'Retry-After': '1' }],
      [new HttpError(500), 500, false, {}],
      [new HttpError(503, 'Down.', { headers: { 'Retry-After': '5' } }), 503, false, { 'Retry-After': '5' }],
    ];
    for (const [error, status, expose, headers] of cases) {
      expect([error.status, error.statusCode, error.expose, error.headers], error.name).to.deep.equal([status, status, expose, headers]);
    }
  });

  it('is what Koa middleware added with app.use() sees when a request fails below it', async () => {
    @Controller('/k')
    class Things {
      @Get('/only-get', 'only-get') get() {}
      // POST is declared, on another path: on /k/only-get it is a 405 (docs/methods.md).
      @Post('/elsewhere') post() {}
    }
    const app = createApp({ routes: [Things] });
    const seen: unknown[] = [];
    app.use(async (_ctx, next) => {
      try {
        await next();
      } catch (error) {
        const { status, statusCode, expose, headers } = error as HttpError;
        seen.push({ status, statusCode, expose, headers });
        throw error;
      }
    });
    const agent = request(app.callback());
    await agent.get('/nowhere').expect(404);
    await agent.post('/k/only-get').expect(405);
    expect(seen).to.deep.equal([
      { status: 404, statusCode: 404, expose: true, headers: {} },
      { status: 405, statusCode: 405, expose: true, headers: { Allow: 'HEAD, GET' } },
    ]);
  });
});

describe('errors/http: a bare status gets its code from an explicit table', () => {
  it('gives each status its own code, whatever else in the catalogue shares the status', () => {
    const expected: Record<number, ErrorCode> = {
      400: 'BAD_REQUEST',
      401: 'UNAUTHORIZED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND', // not INVALID_VERSION
      405: 'METHOD_NOT_ALLOWED',
      406: 'NOT_ACCEPTABLE',
      409: 'CONFLICT',
      410: 'GONE', // not VERSION_RETIRED
      413: 'BODY_TOO_LARGE',
      414: 'PARAM_TOO_LONG',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'TOO_MANY_REQUESTS',
      418: 'CLIENT_ERROR',
      500: 'SERVER_ERROR',
      503: 'SERVER_ERROR',
    };
    for (const [status, code] of Object.entries(expected)) expect(new HttpError(Number(status)).code, status).to.equal(code);
  });

  it('every status the catalogue sends has a code for a bare HttpError of that status', () => {
    for (const entry of Object.values(ErrorCatalogue) as { status?: number }[]) {
      if (entry.status === undefined) continue;
      const code = new HttpError(entry.status).code as ErrorCode;
      expect((ErrorCatalogue[code] as { status?: number }).status, String(entry.status)).to.equal(entry.status < 500 ? entry.status : 500);
    }
  });
});

describe('errors/status: classes made from the catalogue', () => {
  it('takes status and default detail from the catalogue entry', () => {
    expect([new BadRequest().status, new BadRequest().detail]).to.deep.equal([ErrorCatalogue.BAD_REQUEST.status, ErrorCatalogue.BAD_REQUEST.message]);
    expect(httpError('INVALID_PARAMETER', { name: 'id' })).to.be.instanceOf(BadRequest);
    expect(httpError('METHOD_NOT_ALLOWED')).to.not.be.instanceOf(MethodNotAllowed);
  });

  it('MethodNotAllowed takes (allowedMethods, detail?, options?) like its siblings take (detail?, options?)', () => {
    const error = new MethodNotAllowed(['GET'], 'Read only.', { code: 'READ_ONLY', headers: { 'X-Why': 'archive' }, extensions: { since: 2020 } });
    expect([error.status, error.detail, error.code, error.extensions]).to.deep.equal([405, 'Read only.', 'READ_ONLY', { since: 2020 }]);
    expect(error.headers).to.deep.equal({ 'X-Why': 'archive', Allow: 'GET' });
    expect(new MethodNotAllowed(['GET'], undefined, { headers: { Allow: 'forged' } }).headers.Allow).to.equal('GET');
    expect(new MethodNotAllowed(['PUT']).detail).to.equal('Method not allowed.');
  });
});
