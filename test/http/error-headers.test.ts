import { expect } from 'chai';
import cors from '@koa/cors';
import helmet from 'koa-helmet';
import request from 'supertest';
import { Controller, createApp, Get, NotFound, Unauthorized } from '../../src';

@Controller('/h')
class Headers {
  @Get('/ok', 'ok') ok() {
    return { ok: true };
  }
  @Get('/missing', 'missing') missing() {
    throw new NotFound('No such thing.');
  }
  @Get('/crash', 'crash') crash() {
    throw new Error('secret');
  }
  @Get('/auth', 'auth') auth() {
    throw new Unauthorized(undefined, { challenge: 'Bearer' });
  }
}

const HELMET = ['strict-transport-security', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];

describe('http: security and CORS headers on errors (docs/errors.md#headers-on-errors)', () => {
  // Regression: a thrown error (and the 404 of an unknown path, a 500) dropped every header helmet had set.
  it("keep helmet's headers on a thrown 404, a 500 and an unknown path", async () => {
    const app = createApp({ routes: [Headers] });
    app.on('error', () => {});
    app.use(helmet());
    const ok = await request(app.callback()).get('/h/ok');
    for (const path of ['/h/missing', '/h/crash', '/nowhere']) {
      const response = await request(app.callback()).get(path);
      expect(response.status, path).to.be.oneOf([404, 500]);
      for (const name of HELMET) expect(response.headers[name], `${path} ${name}`).to.equal(ok.headers[name]).and.be.a('string');
    }
  });

  // Regression: @koa/cors's headers reached a 4xx HttpError (through err.headers) but not a 500.
  it("keep @koa/cors's headers and its Vary on a 500", async () => {
    const app = createApp({ routes: [Headers] });
    app.on('error', () => {});
    app.use(cors({ origin: 'https://app.example', exposeHeaders: ['X-Total'] }));
    for (const path of ['/h/crash', '/h/missing', '/nowhere']) {
      const response = await request(app.callback()).get(path).set('Origin', 'https://app.example');
      expect(response.headers['access-control-allow-origin'], path).to.equal('https://app.example');
      expect(response.headers['access-control-expose-headers'], path).to.equal('X-Total');
      expect(response.headers.vary, path).to.match(/Origin/);
    }
  });

  it('clear the other headers set before the error, as Koa does, and keep the error’s own', async () => {
    const app = createApp({ routes: [Headers] });
    app.use(async (ctx, next) => {
      ctx.set('ETag', '"abc"');
      ctx.set('X-Custom', 'before');
      ctx.set('X-Frame-Options', 'DENY');
      await next();
    });
    const response = await request(app.callback()).get('/h/auth');
    expect(response.status).to.equal(401);
    expect(response.headers).to.not.have.property('etag');
    expect(response.headers).to.not.have.property('x-custom');
    expect(response.headers['x-frame-options']).to.equal('DENY');
    expect(response.headers['www-authenticate']).to.equal('Bearer');
    expect(response.headers['content-type']).to.equal('application/problem+json');
  });
});
