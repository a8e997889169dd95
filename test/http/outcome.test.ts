import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, ImproperlyConfigured, NoReverseMatch, Param, Post, redirect, reply, URLPathVersioning } from '../../src';

@Controller('/:version/books')
class Books {
  @Get('/:id', 'detail') detail(@Param('id') id: number) {
    return { id };
  }
  @Post('', { name: 'create', responses: { 201: { headers: { ETag: { description: 'The version of the book' } } } } }) create() {
    return reply({ id: 7 }, { status: 201, location: 'detail', params: { id: 7 }, headers: { ETag: '"1"' } });
  }
  @Get('/latest/one', 'latest') latest() {
    return redirect('detail', { id: 3 });
  }
  @Post('/seen', 'seen') seen() {
    return redirect('detail', { id: 3 }, { status: 303 });
  }
  @Get('/local/path', 'local') local() {
    return redirect('/v1/books/4');
  }
  @Get('/away/:how', 'away') away(@Param('how') how: string) {
    const targets: Record<string, string> = { absolute: 'https://evil.example/x', protocol: '//evil.example/x', backslash: '/\\evil.example/x', tab: '/\t/evil.example/x', scheme: 'javascript:alert(1)', userinfo: 'http://127.0.0.1@evil.example/x' };
    return redirect(targets[how]);
  }
  @Get('/meant/away', 'meant') meant() {
    return redirect('https://other.example/x', undefined, { external: true });
  }
  @Get('/cached/one', { name: 'cached', headers: { 'Cache-Control': 'max-age=60' } }) cached() {
    return { ok: true };
  }
}

const app = () => createApp({ routes: [Books], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }) });

describe('http/outcome: reply() and redirect() (docs/declaring-what-handlers-decide.md)', () => {
  it('replies with the status, headers and a Location reversed from a route name in the request version, absolute', async () => {
    const response = await request(app().callback()).post('/v2/books').expect(201);
    expect(response.body).to.deep.equal({ id: 7 });
    expect(response.headers.etag).to.equal('"1"');
    expect(response.headers.location).to.match(/^http:\/\/127\.0\.0\.1:\d+\/v2\/books\/7$/);
  });

  it('redirects by route name, 302 by default, with the status the caller chooses', async () => {
    const agent = request(app().callback());
    expect((await agent.get('/v2/books/latest/one').expect(302)).headers.location).to.match(/\/v2\/books\/3$/);
    expect((await agent.post('/v1/books/seen').expect(303)).headers.location).to.match(/\/v1\/books\/3$/);
    expect((await agent.get('/v1/books/local/path').expect(302)).headers.location).to.equal('/v1/books/4');
    expect((await agent.get('/v1/books/meant/away').expect(302)).headers.location).to.equal('https://other.example/x');
  });

  it('never redirects to another origin by accident: a 500 problem and an ImproperlyConfigured on the error event', async () => {
    for (const how of ['absolute', 'protocol', 'backslash', 'tab', 'scheme', 'userinfo']) {
      const built = app();
      const errors: unknown[] = [];
      built.on('error', (error) => errors.push(error));
      const response = await request(built.callback()).get(`/v1/books/away/${how}`).expect(500);
      expect(response.headers.location, how).to.equal(undefined);
      // A target without a slash is a route name: `javascript:...` is none, so it fails as a NoReverseMatch.
      expect(errors[0], how).to.be.instanceOf(how === 'scheme' ? NoReverseMatch : ImproperlyConfigured);
    }
  });

  it('refuses a redirect status that is not one', () => {
    expect(() => redirect('detail', {}, { status: 200 as 302 })).to.throw(ImproperlyConfigured);
    expect(() => reply({}, { status: 99 })).to.throw(ImproperlyConfigured);
  });
});

describe('http/outcome: RouteOptions.headers (docs/declaring-what-handlers-decide.md)', () => {
  it('sets them on the success response and documents them, with responses[status].headers', async () => {
    const response = await request(app().callback()).get('/v1/books/cached/one').expect(200);
    expect(response.headers['cache-control']).to.equal('max-age=60');
    const paths = app().openapi({ version: 'v1' }).paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    expect(paths['/v1/books/cached/one'].get.responses['200'].headers).to.deep.equal({ 'Cache-Control': { schema: { type: 'string', const: 'max-age=60' } } });
    expect(paths['/v1/books'].post.responses['201'].headers).to.deep.equal({ ETag: { description: 'The version of the book', schema: { type: 'string' } } });
  });

  it('refuses a header value that would split the response, when the app is built', () => {
    @Controller('/x')
    class Bad {
      @Get('', { headers: { 'X-A': 'a\r\nSet-Cookie: b' } }) bad() {}
    }
    expect(() => createApp({ routes: [Bad] })).to.throw(ImproperlyConfigured, /X-A/);
  });
});
