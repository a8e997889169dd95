import { expect } from 'chai';
import request from 'supertest';
import {
  Conflict,
  Controller,
  createApp,
  Forbidden,
  Get,
  Gone,
  HttpError,
  InvalidArgument,
  Query,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
} from '../../src';

@Controller('/e')
class Errors {
  @Get('/:kind', 'error') error(@Query('lang') _lang: string) {
    throw new Error('replaced per test');
  }
}

/** Serves `error` from a handler and returns the response. */
async function served(error: HttpError, language?: string) {
  const app = createApp({ routes: [Errors] });
  app.use(async (ctx, next) => {
    if (ctx.path === '/e/x') throw error;
    await next();
  });
  const req = request(app.callback()).get('/e/x');
  return language ? req.set('Accept-Language', language) : req;
}

describe('status-errors', () => {
  it('each class has its status, code and default detail', () => {
    const cases: [HttpError, number, string, string][] = [
      [new Unauthorized(), 401, 'UNAUTHORIZED', 'Authentication credentials were not provided.'],
      [new Forbidden(), 403, 'FORBIDDEN', 'You do not have permission to perform this action.'],
      [new Conflict(), 409, 'CONFLICT', 'The request conflicts with the current state of the resource.'],
      [new Gone(), 410, 'GONE', 'The resource is no longer available.'],
      [new UnsupportedMediaType(), 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type: send the body as application/json.'],
      [new TooManyRequests(), 429, 'TOO_MANY_REQUESTS', 'Request was throttled.'],
    ];
    for (const [error, status, code, detail] of cases) {
      expect([error.status, error.code, error.detail, error.name]).to.deep.equal([status, code, detail, error.constructor.name]);
      expect(error).to.be.instanceOf(HttpError);
    }
    expect(new Forbidden('Admins only.', { code: 'ADMINS_ONLY' })).to.deep.include({ detail: 'Admins only.', code: 'ADMINS_ONLY' });
  });

  it('sends WWW-Authenticate and Retry-After', async () => {
    const unauthorized = await served(new Unauthorized('Token expired.', { challenge: 'Bearer error="invalid_token"' }));
    expect([unauthorized.status, unauthorized.headers['www-authenticate'], unauthorized.body.detail]).to.deep.equal([401, 'Bearer error="invalid_token"', 'Token expired.']);
    const throttled = await served(new TooManyRequests(undefined, { retryAfter: 2.1 }));
    expect([throttled.status, throttled.headers['retry-after']]).to.deep.equal([429, '3']);
    expect((await served(new Unauthorized())).headers).to.not.have.property('www-authenticate');
  });

  it('renders type, title, instance and extensions in the problem document (RFC 9457)', async () => {
    const error = new Conflict('Balance too low.', {
      type: 'https://example.com/probs/out-of-credit',
      title: 'You do not have enough credit.',
      instance: '/account/12345/msgs/abc',
      extensions: { balance: 30, accounts: ['/account/12345', '/account/67890'] },
    });
    const res = await served(error);
    expect(res.type).to.equal('application/problem+json');
    expect(res.body).to.deep.equal({
      type: 'https://example.com/probs/out-of-credit',
      title: 'You do not have enough credit.',
      status: 409,
      detail: 'Balance too low.',
      instance: '/account/12345/msgs/abc',
      balance: 30,
      accounts: ['/account/12345', '/account/67890'],
    });
    expect((await served(new Gone())).body).to.deep.equal({ type: 'about:blank', title: 'Gone', status: 410, detail: 'The resource is no longer available.' });
  });

  it('refuses misuse when constructed (a reserved extension name: see reserved-extensions.test.ts)', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => new Forbidden(undefined, { extensions: { circular } })).to.throw(InvalidArgument, /JSON values/);
    expect(() => new Forbidden(undefined, { extensions: [] as never })).to.throw(InvalidArgument);
    expect(() => new Forbidden(undefined, { type: 'not a uri' })).to.throw(InvalidArgument, /URI reference/);
    expect(() => new Forbidden(undefined, { instance: '/a\nb' })).to.throw(InvalidArgument, /URI reference/);
    expect(() => new TooManyRequests(undefined, { retryAfter: -1 })).to.throw(InvalidArgument, /retryAfter/);
    expect(() => new Unauthorized(undefined, { challenge: 1 as never })).to.throw(InvalidArgument, /challenge/);
  });

  for (const language of ['fr', 'de', 'es']) {
    it(`translates every new default detail into ${language}`, async () => {
      for (const error of [new Unauthorized(), new Forbidden(), new Conflict(), new Gone(), new UnsupportedMediaType(), new TooManyRequests()]) {
        const res = await served(error, language);
        expect(res.body.detail, error.name).to.not.equal(error.detail);
        expect(res.headers.vary).to.contain('Accept-Language');
      }
    });
  }
});
