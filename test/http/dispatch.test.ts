import { STATUS_CODES } from 'node:http';
import { expect } from 'chai';
import request from 'supertest';
import {
  All,
  BadRequest,
  Controller,
  createApp,
  Ctx,
  Delete,
  Get,
  HostNameVersioning,
  include,
  HttpError,
  MethodNotAllowed,
  NamespaceVersioning,
  NotFound,
  Post,
  QueryParameterVersioning,
  URLPathVersioning,
  Use,
  JSONRenderer,
  HTMLRenderer,
} from '../../src';
import type { Context } from 'koa';
import { Readable } from 'node:stream';

@Controller('/things')
class Things {
  @Get('/', 'list') list() {
    return [{ id: 1 }];
  }
  @Post('/', 'create') create() {}
  @Get('/null', 'null') nothing() {
    return null;
  }
  @Get('/text', 'text') text() {
    return 'plain';
  }
  @Get('/set', 'set') set(@Ctx() ctx: Context) {
    ctx.status = 202;
    ctx.body = { accepted: true };
  }
  @Get('/stream', 'stream') stream() {
    return Readable.from(['a', 'b']);
  }
  @Get('/gone', 'gone') gone() {
    throw new NotFound('No such thing.');
  }
  @Get('/teapot', 'teapot') teapot() {
    throw new HttpError(418, 'Short and stout.', { code: 'TEAPOT', headers: { 'X-Tea': 'earl grey', 'X-Bad': 'a\r\nSet-Cookie: x=1', 'X-Snow': '\u2603' } });
  }
  @Get('/koa-throw', 'koa-throw') koaThrow(@Ctx() ctx: Context) {
    ctx.throw(422, 'Unprocessable thing.');
  }
  @Get('/null-throw', 'null-throw') nullThrow() {
    throw null;
  }
  @Get('/405', 'custom405') custom() {
    throw new MethodNotAllowed(['GET']);
  }
  @All('/any', 'any') any(@Ctx() ctx: Context) {
    return { method: ctx.method };
  }
  @Delete('/:id', 'delete') remove() {
    throw new BadRequest();
  }
}

function app() {
  const built = createApp({ routes: [Things] });
  built.silent = true;
  return built.callback();
}

function expectProblem(res: request.Response, status: number, detail: string) {
  expect(res.status).to.equal(status);
  expect(res.headers['content-type']).to.equal('application/problem+json');
  expect(JSON.parse(res.text)).to.deep.equal({ type: 'about:blank', title: STATUS_CODES[status], status, detail });
}

@Controller('/marker')
class VersionMarker {
  @Get('', 'marker') marker() {}
}

describe('http/dispatch', () => {
  it('renders a returned value as JSON', async () => {
    const res = await request(app()).get('/things').expect(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(res.body).to.deep.equal([{ id: 1 }]);
  });

  it('answers 204 when the handler returns undefined and sets nothing', async () => {
    const res = await request(app()).post('/things');
    expect(res.status).to.equal(204);
    expect(res.text).to.equal('');
  });

  it('answers JSON null with 200 for a returned null, and JSON-encodes strings', async () => {
    const res = await request(app()).get('/things/null').expect(200);
    expect(res.text).to.equal('null');
    expect((await request(app()).get('/things/text').expect(200)).text).to.equal('"plain"');
  });

  it('keeps what a handler set itself, and passes streams through', async () => {
    const res = await request(app()).get('/things/set').expect(202);
    expect(res.body).to.deep.equal({ accepted: true });
    expect((await request(app()).get('/things/stream').buffer(true).parse((r, cb) => { let s = ''; r.on('data', (c: Buffer) => (s += c)); r.on('end', () => cb(null, s)); })).body).to.equal('ab');
  });

  it('405 detail was "Method not allowed."; DRF names the method, translated like the others', async () => {
    for (const [language, detail] of [
      ['en', 'Method "POST" not allowed.'],
      ['fr', 'Méthode « POST » non autorisée.'],
      ['de', 'Methode "POST" nicht erlaubt.'],
      ['es', 'Método "POST" no permitido.'],
    ]) {
      const res = await request(app()).post('/things/null').set('Accept-Language', language);
      expectProblem(res, 405, detail);
    }
  });

  it('regression: no Vary: Accept with several mediaTypes unless the scheme was the Accept one (DRF: > 1 renderer)', async () => {
    for (const versioning of [undefined, new URLPathVersioning(), new QueryParameterVersioning(), new HostNameVersioning(), new NamespaceVersioning()]) {
      // URLPathVersioning needs a route that carries its parameter (else the build refuses it).
      const routes = versioning instanceof URLPathVersioning ? [Things, include('/:version', [VersionMarker])] : [Things];
      const built = createApp({ routes, versioning, renderers: [JSONRenderer, HTMLRenderer] });
      const name = versioning?.constructor.name ?? 'no versioning';
      for (const [method, status] of [['get', 200], ['put', 405]] as const) {
        const res = await request(built.callback())[method]('/things').set('Accept', 'text/html');
        expect([res.status, res.headers.vary?.split(', ').includes('Accept')], `${name} ${method}`).to.deep.equal([status, true]);
      }
    }
    const single = await request(createApp({ routes: [Things, include('/:version', [VersionMarker])], versioning: new URLPathVersioning() }).callback()).get('/things');
    expect(single.headers.vary ?? '').not.to.contain('Accept');
  });

  it('is a 404 problem for an unknown path', async () => {
    expectProblem(await request(app()).get('/nothing-here'), 404, 'Not found.');
  });

  it('is a 405 problem with Allow for a known path with another method', async () => {
    const res = await request(app()).put('/things');
    expectProblem(res, 405, 'Method "PUT" not allowed.');
    expect(res.headers.allow).to.equal('HEAD, GET, POST');
  });

  it('answers OPTIONS on a known path with Allow', async () => {
    const res = await request(app()).options('/things').expect(204);
    expect(res.headers.allow).to.equal('HEAD, GET, POST, OPTIONS');
  });

  it('routes @All to every method', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      expect((await request(app())[method]('/things/any').expect(200)).body).to.deep.equal({ method: method.toUpperCase() });
    }
  });

  it('answers HEAD for a GET route without a body', async () => {
    const res = await request(app()).head('/things').expect(200);
    expect(res.text).to.equal(undefined);
  });

  it('renders thrown HttpErrors with their status, detail and safe headers only', async () => {
    expectProblem(await request(app()).get('/things/gone'), 404, 'No such thing.');
    const res = await request(app()).get('/things/teapot');
    expectProblem(res, 418, 'Short and stout.');
    expect(res.headers['x-tea']).to.equal('earl grey');
    expect(res.headers).to.not.have.property('x-bad');
    expect(res.headers).to.not.have.property('x-snow');
    expect(res.headers).to.not.have.property('set-cookie');
    expectProblem(await request(app()).delete('/things/1'), 400, 'Bad request.');
    const custom = await request(app()).get('/things/405');
    expectProblem(custom, 405, 'Method not allowed.');
    expect(custom.headers.allow).to.equal('GET');
  });

  it("keeps Koa's ctx.throw(4xx, message)", async () => {
    expectProblem(await request(app()).get('/things/koa-throw'), 422, 'Unprocessable thing.');
  });

  // Which thrown values become a generic 500 is tested once, in test/reliability/faults.test.ts (E1–E4, E9).
  it("reports server errors on the app's error event as Error objects", async () => {
    const built = createApp({ routes: [Things] });
    const seen: unknown[] = [];
    built.on('error', (error) => seen.push(error));
    await request(built.callback()).get('/things/null-throw');
    await request(built.callback()).get('/things/gone');
    expect(seen).to.have.length(1);
    expect(seen[0]).to.be.instanceOf(Error);
  });

  // Regression: a middleware that returned without answering or calling next() left Koa's bare "Not Found" text.
  it('answers a request no middleware answered with a 404 problem document, route middleware or app.use()', async () => {
    @Controller('/quiet')
    @Use(async (ctx, next) => {
      if (ctx.get('X-Pass') === 'yes') await next();
    })
    class Quiet {
      @Get('/', 'quiet') get() {
        return { ok: true };
      }
    }
    const built = createApp({ routes: [Quiet] });
    expectProblem(await request(built.callback()).get('/quiet'), 404, 'Not found.');
    expect((await request(built.callback()).get('/quiet').set('X-Pass', 'yes')).body).to.deep.equal({ ok: true });
    const stopped = createApp({ routes: [Quiet] });
    stopped.use(async () => {});
    expectProblem(await request(stopped.callback()).get('/quiet').set('X-Pass', 'yes'), 404, 'Not found.');
    const raw = createApp({ routes: [Quiet] });
    raw.use(async (ctx) => {
      ctx.respond = false;
      ctx.res.end('raw');
    });
    expect((await request(raw.callback()).get('/quiet')).text).to.equal('raw');
  });

  it('runs app.use() middleware after the error boundary and before routing', async () => {
    const built = createApp({ routes: [Things] });
    built.silent = true;
    built.use(async (ctx, next) => {
      ctx.set('X-Before', 'yes');
      await next();
    });
    built.use(() => {
      throw null;
    });
    expectProblem(await request(built.callback()).get('/things'), 500, 'A server error occurred.');
  });
});
