import { expect } from 'chai';
import type { Context } from 'koa';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import request from 'supertest';
import { AcceptHeaderVersioning, Controller, createApp, Ctx, Get, HttpError } from '../../src';

let sawAbort: boolean | undefined;
/** Called when /f/slow's handler starts: E11 leaves only once the request is in the handler. */
let slowEntered = (): void => undefined;

@Controller('/f')
class Faults {
  @Get('/error', 'error') error() {
    throw new Error('secret: db password');
  }
  @Get('/null', 'null') nothing() {
    throw null;
  }
  @Get('/undefined', 'undefined') undef() {
    return Promise.reject(undefined);
  }
  @Get('/string', 'string') string() {
    throw 'text';
  }
  @Get('/object', 'object') object() {
    throw { some: 'object' };
  }
  @Get('/status', 'status') status() {
    throw Object.assign(new Error('secret: x'), { status: 999, expose: true });
  }
  @Get('/exposed', 'exposed') exposed(@Ctx() ctx: Context) {
    ctx.throw(422, `bad value <${ctx.query.v}>`);
  }
  @Get('/unsafe-header', 'unsafe-header') unsafe(@Ctx() ctx: Context) {
    ctx.throw(406, 'Invalid version', { headers: { 'X-API-Version': ctx.query.v } });
  }
  @Get('/unsafe-http-error', 'unsafe-http-error') unsafeHttp(@Ctx() ctx: Context) {
    throw new HttpError(406, 'Invalid version', { headers: { 'X-API-Version': String(ctx.query.v) } });
  }
  @Get('/set-header', 'set-header') setHeader(@Ctx() ctx: Context) {
    ctx.set('X-Bad', 'a\r\nSet-Cookie: x=1');
    return {};
  }
  @Get('/circular', 'circular') circular() {
    const value: Record<string, unknown> = {};
    value.value = value;
    return value;
  }
  @Get('/bigint', 'bigint') bigint() {
    return { n: 10n };
  }
  @Get('/bad-status', 'bad-status') badStatus(@Ctx() ctx: Context) {
    ctx.status = 42;
  }
  @Get('/stream', 'stream') stream() {
    return new Readable({
      read() {
        this.push('partial');
        setImmediate(() => this.destroy(new Error('stream broke')));
      },
    });
  }
  @Get('/slow', 'slow') async slow(@Ctx() ctx: Context) {
    sawAbort = undefined;
    slowEntered();
    await new Promise((resolve) => setTimeout(resolve, 200));
    sawAbort = ctx.signal.aborted;
    return {};
  }
}

@Controller('/c')
class Caching {
  @Get('', 'c') c() {
    return {};
  }
}

function app(options = {}) {
  const made = createApp({ routes: [Faults, Caching], ...options });
  made.silent = true;
  return made;
}

/** Hostile input (docs/reference/hostile-input.md): errors and faults, and caching. */
describe('reliability: faults and caching', () => {
  const generic = async (path: string) => {
    const res = await request(app().callback()).get(path).timeout(3000);
    expect(res.status, path).to.equal(500);
    expect(res.headers['content-type']).to.equal('application/problem+json');
    expect(JSON.parse(res.text)).to.deep.equal({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'A server error occurred.' });
  };

  it('E1, E6: a thrown Error is a 500 that reveals nothing of its message', () => generic('/f/error'));
  it('E2: throw null and Promise.reject(undefined) still answer 500', async () => {
    await generic('/f/null');
    await generic('/f/undefined');
  });
  it('E3: a thrown string or plain object is a 500', async () => {
    await generic('/f/string');
    await generic('/f/object');
  });
  it('E4: an error with status 999 (even marked expose) is a 500 that reveals nothing', () => generic('/f/status'));

  it('E5: an exposed 4xx message is shown JSON-escaped, inside the problem document', async () => {
    const res = await request(app().callback()).get('/f/exposed?v=%3Cscript%3E');
    expect(res.status).to.equal(422);
    expect(res.headers['content-type']).to.equal('application/problem+json');
    expect(res.body.detail).to.equal('bad value <<script>>');
  });

  it('E7: an error header with CR/LF or non-Latin-1 is dropped; the status stands and the process lives', async () => {
    for (const path of ['/f/unsafe-header?v=%E2%98%83', '/f/unsafe-header?v=a%0d%0aSet-Cookie:%20x=1', '/f/unsafe-http-error?v=%E2%98%83']) {
      const res = await request(app().callback()).get(path);
      expect(res.status, path).to.equal(406);
      expect(res.headers).to.not.have.property('x-api-version');
      expect(res.headers).to.not.have.property('set-cookie');
    }
  });

  it('E8: setting an invalid header in a handler is a 500, not a header injection', async () => {
    const res = await request(app().callback()).get('/f/set-header');
    expect(res.status).to.equal(500);
    expect(res.headers).to.not.have.property('set-cookie');
  });

  it('E9: circular and BigInt bodies, and an invalid status, are 500s', async () => {
    await generic('/f/circular');
    await generic('/f/bigint');
    await generic('/f/bad-status');
  });

  it('E10: a stream that fails after the headers were sent resets the connection; the server lives', async () => {
    const made = app();
    const server = made.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const outcome = await new Promise<string>((resolve) => {
        httpRequest({ port, host: '127.0.0.1', path: '/f/stream' }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('reset'));
          res.on('aborted', () => resolve('reset'));
        })
          .on('error', () => resolve('reset'))
          .end();
      });
      expect(outcome).to.equal('reset');
      await request(server).get('/c').expect(200);
    } finally {
      server.close();
    }
  });

  it('E11: a client that leaves mid-request aborts ctx.signal, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const made = app();
    const server = made.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const req = httpRequest({ port, host: '127.0.0.1', path: '/f/slow' });
      req.on('error', () => undefined);
      const entered = new Promise<void>((resolve) => (slowEntered = resolve));
      req.end();
      await entered;
      req.destroy();
      while (sawAbort === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 50)); // a rejection left unhandled surfaces within a turn or two
      expect(sawAbort).to.equal(true);
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      server.close();
    }
  });

  it('C1: Accept versioning sends Vary: Accept on default-version answers, 406s and negotiation failures', async () => {
    const versioned = app({ versioning: new AcceptHeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }) }).callback();
    expect((await request(versioned).get('/c').expect(200)).headers.vary).to.equal('Accept');
    expect((await request(versioned).get('/c').set('Accept', 'application/json; version=2')).headers.vary).to.contain('Accept');
    expect((await request(versioned).get('/c').set('Accept', 'text/html')).headers.vary).to.contain('Accept');
  });

  it('C4: Vary is appended to what middleware set, on success and on errors', async () => {
    const made = app({ versioning: new AcceptHeaderVersioning({ allowedVersions: ['1'] }) });
    made.use(async (ctx, next) => {
      ctx.vary('Origin');
      await next();
    });
    expect((await request(made.callback()).get('/c').set('Accept', 'application/json; version=1').expect(200)).headers.vary).to.equal('Origin, Accept');
    expect((await request(made.callback()).get('/c').set('Accept', 'application/json; version=9').expect(406)).headers.vary).to.equal('Origin, Accept, Accept-Language');
  });
});
