import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, Ctx, Get, Header, Param, Params, Post, Queries, Query, Version } from '../../src';
import type { Context } from 'koa';

@Controller('/bind')
class Binding {
  @Get('/num/:n', 'num') num(@Param('n') n: number) {
    return { n, type: typeof n };
  }
  @Get('/str/:s', 'str') str(@Param('s') s: string, @Params() all: Record<string, string>) {
    return { s, all };
  }
  @Get('/query', 'query') query(@Query('page') page: number, @Query('flag') flag: boolean, @Query('tag') tag: string, @Queries() all: object) {
    return { page: page ?? 'missing', flag: flag ?? 'missing', tag: tag ?? 'missing', all };
  }
  @Get('/header', 'header') header(@Header('X-Count') count: number, @Ctx() ctx: Context, @Version() version: string | null) {
    return { count, path: ctx.path, version };
  }
  @Get('/proto', 'proto') proto(@Query('constructor') constructor: string, @Query('toString') toString: string) {
    return { constructor: constructor ?? 'missing', toString: toString ?? 'missing' };
  }
  @Post('/body', 'body') body(@Body() body: unknown) {
    return { body: body ?? 'none' };
  }
}

const app = () => createApp({ routes: [Binding] }).callback();

describe('http/binding', () => {
  it('converts a path parameter to the design type', async () => {
    expect((await request(app()).get('/bind/num/-1.5e2').expect(200)).body).to.deep.equal({ n: -150, type: 'number' });
    expect((await request(app()).get('/bind/str/a%20b').expect(200)).body).to.deep.equal({ s: 'a b', all: { s: 'a b' } });
  });

  // '1e400' is a number that overflows: INEXACT_NUMBER, in test/validation/exact-integers.test.ts.
  for (const bad of ['abc', '0x10', 'Infinity', '%20', '']) {
    it(`answers 400 with a clear detail when "${bad}" is not a number`, async () => {
      const res = await request(app()).get(`/bind/query?page=${bad}`);
      expect(res.status).to.equal(400);
      expect(res.body.detail).to.equal('Invalid query parameter "page": expected a number.');
    });
  }

  it('converts booleans and rejects other words', async () => {
    expect((await request(app()).get('/bind/query?flag=true').expect(200)).body.flag).to.equal(true);
    expect((await request(app()).get('/bind/query?flag=0').expect(200)).body.flag).to.equal(false);
    const res = await request(app()).get('/bind/query?flag=yes').expect(400);
    expect(res.body.detail).to.equal('Invalid query parameter "flag": expected true, false, 1 or 0.');
  });

  it('passes undefined for an absent value, and takes the last of repeated keys', async () => {
    expect((await request(app()).get('/bind/query').expect(200)).body).to.deep.equal({ page: 'missing', flag: 'missing', tag: 'missing', all: {} });
    expect((await request(app()).get('/bind/query?tag=a&tag=b').expect(200)).body.tag).to.equal('b');
  });

  it('reads prototype names in the query as ordinary keys, and never an inherited member', async () => {
    expect((await request(app()).get('/bind/proto?__proto__=x&constructor=1').expect(200)).body).to.deep.equal({ constructor: '1', toString: 'missing' });
    expect((await request(app()).get('/bind/proto').expect(200)).body).to.deep.equal({ constructor: 'missing', toString: 'missing' });
  });

  it('binds headers, the context and the version', async () => {
    expect((await request(app()).get('/bind/header').set('X-Count', '3').expect(200)).body).to.deep.equal({ count: 3, path: '/bind/header', version: null });
    expect((await request(app()).get('/bind/header').set('X-Count', 'three').expect(400)).body.detail).to.equal('Invalid header "x-count": expected a number.');
  });

  it('parses a JSON body, and refuses malformed, oversized and non-JSON bodies with 4xx', async () => {
    expect((await request(app()).post('/bind/body').send({ a: 1 }).expect(200)).body).to.deep.equal({ body: { a: 1 } });
    expect((await request(app()).post('/bind/body').expect(200)).body).to.deep.equal({ body: 'none' });
    const malformed = await request(app()).post('/bind/body').set('Content-Type', 'application/json').send('{"a":');
    expect([malformed.status, malformed.body.detail]).to.deep.equal([400, 'Malformed request body.']);
    const text = await request(app()).post('/bind/body').set('Content-Type', 'text/plain').send('hi');
    expect(text.status).to.equal(415);
    const huge = await request(app()).post('/bind/body').set('Content-Type', 'application/json').send(`"${'x'.repeat(1_100_000)}"`);
    expect(huge.status).to.equal(413);
  });

  it('refuses a JSON body with a __proto__ key at any depth as malformed (400)', async () => {
    for (const body of ['{"__proto__":{"polluted":true}}', '{"a":[{"__proto__":{"polluted":true}}]}']) {
      const res = await request(app()).post('/bind/body').set('Content-Type', 'application/json').send(body);
      expect([res.status, res.body.detail], body).to.deep.equal([400, 'Malformed request body.']);
    }
  });

  it('hands a body with constructor.prototype to the handler as plain data', async () => {
    const res = await request(app()).post('/bind/body').set('Content-Type', 'application/json').send('{"constructor":{"prototype":{"polluted":true}}}').expect(200);
    expect(res.body).to.deep.equal({ body: { constructor: { prototype: { polluted: true } } } });
  });
});
