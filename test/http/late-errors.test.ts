import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, type App } from '../../src';

@Controller('/files')
class Files {
  @Get('/missing', 'missing') missing() {
    return { ok: true };
  }
}

/** A middleware that replaces the body after waymark answered, with one Koa cannot serialize (a BigInt): Koa's response step throws. */
function unserializable(app: App): App {
  app.use(async (ctx, next) => {
    await next();
    ctx.body = { count: 1n };
  });
  return app;
}

describe('http: an error after the middleware returned (Koa fails to write the body)', () => {
  // Regression: Koa's own ctx.onerror answered text/plain "Internal Server Error", bypassing the problem document and errors.render.
  it('is a 500 problem document, reported on the error event', async () => {
    const app = unserializable(createApp({ routes: [Files] }));
    const reported: unknown[] = [];
    app.on('error', (error) => reported.push(error));
    const response = await request(app.callback()).get('/files/missing');
    expect(response.status).to.equal(500);
    expect(response.headers['content-type']).to.equal('application/problem+json');
    expect(JSON.parse(response.text)).to.deep.equal({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'A server error occurred.' });
    expect(reported).to.have.length(1);
  });

  it('goes through errors.render', async () => {
    const app = unserializable(createApp({ routes: [Files], errors: { mediaType: 'application/json', render: (problem) => ({ errors: { body: [problem.detail] } }) } }));
    app.on('error', () => {});
    const response = await request(app.callback()).get('/files/missing');
    expect([response.status, response.headers['content-type'], response.text]).to.deep.equal([500, 'application/json; charset=utf-8', '{"errors":{"body":["A server error occurred."]}}']);
  });

  it('awaits an async errors.render, and answers the generic 500 when it rejects', async () => {
    const resolved = unserializable(createApp({ routes: [Files], errors: { mediaType: 'application/json', render: async (problem) => ({ errors: { body: [problem.detail] } }) } }));
    resolved.on('error', () => {});
    const ok = await request(resolved.callback()).get('/files/missing');
    expect([ok.status, ok.text]).to.deep.equal([500, '{"errors":{"body":["A server error occurred."]}}']);
    const rejected = unserializable(createApp({ routes: [Files], errors: { mediaType: 'application/json', render: () => Promise.reject(new Error('render secret')) } }));
    const reported: unknown[] = [];
    rejected.on('error', (error) => reported.push(error));
    const failed = await request(rejected.callback()).get('/files/missing');
    expect([failed.status, failed.headers['content-type']]).to.deep.equal([500, 'application/problem+json']);
    expect(failed.text).not.to.include('render secret');
    expect(reported).to.have.length(2);
  });
});
