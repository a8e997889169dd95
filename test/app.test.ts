import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { App, Controller, createApp, Ctx, Get, ImproperlyConfigured, include, InvalidArgument, NoReverseMatch, Param } from '../src';
import type { Context } from 'koa';

@Controller('/users')
class Users {
  @Get('/:id', 'detail') detail(@Param('id') id: string, @Ctx() ctx: Context) {
    return { self: ctx.reverse(ctx.route?.name as string, { id }), route: ctx.route };
  }
}

/** Reverses through its application namespace, so the instance depends on the request. */
@Controller('/polls')
class Polls {
  @Get('', 'index') index(@Ctx() ctx: Context) {
    return { self: ctx.reverse('site:index', undefined, { query: { page: 2 }, fragment: 'top' }) };
  }
}

describe('app', () => {
  it('is a Koa application', () => {
    expect(createApp({ routes: [] })).to.be.instanceOf(Koa).and.instanceOf(App);
  });

  it('url() returns the path, or an absolute URL on origin', () => {
    const app = createApp({ routes: [include('/v1', [Users], { namespace: 'v1' })], origin: 'https://api.example.com/' });
    expect(app.url('v1:detail', { id: 42 })).to.equal('/v1/users/42');
    expect(app.url('v1:detail', [42], { absolute: true, query: 'a=1' })).to.equal('https://api.example.com/v1/users/42?a=1');
  });

  it('url() with absolute: true and no origin throws a clear error', () => {
    const app = createApp({ routes: [Users] });
    expect(() => app.url('detail', { id: 1 }, { absolute: true })).to.throw(InvalidArgument, 'origin');
  });

  it('url() throws NoReverseMatch, never returns an error value', () => {
    const app = createApp({ routes: [Users] });
    expect(() => app.url('detail', { id: '' })).to.throw(NoReverseMatch);
    expect(() => app.url('detail', { id: 1 }, { absolut: true } as never)).to.throw(ImproperlyConfigured, 'absolut');
  });

  it('rejects an unusable origin and unknown options when built', () => {
    for (const origin of ['api.example.com', 'ftp://x.test', 'https://x.test/base', 'https://u:p@x.test', 'https://x.test/?q']) {
      expect(() => createApp({ routes: [], origin }), origin).to.throw(ImproperlyConfigured, 'origin');
    }
    expect(() => createApp({ routes: [], versoning: null } as never)).to.throw(ImproperlyConfigured, 'unknown option "versoning"');
    expect(() => createApp({} as never)).to.throw(ImproperlyConfigured, 'routes');
  });

  it('ctx.reverse() is absolute on the request origin (port kept) and resolves from the matched namespace', async () => {
    const app = createApp({
      routes: [include('/a', [Users, Polls], { namespace: 'a', appName: 'site' }), include('/b', [Users, Polls], { namespace: 'b', appName: 'site' })],
    });
    const res = await request(app.callback()).get('/a/users/7').set('Host', 'api.test:8080').expect(200);
    expect(res.body.self).to.equal('http://api.test:8080/a/users/7');
    const inA = await request(app.callback()).get('/a/polls').set('Host', 'api.test').expect(200);
    expect(inA.body.self).to.equal('http://api.test/a/polls?page=2#top');
    const inB = await request(app.callback()).get('/b/polls').set('Host', 'api.test').expect(200);
    expect(inB.body.self).to.equal('http://api.test/b/polls?page=2#top');
    expect(app.url('site:index'), 'outside a request: the last instance mounted').to.equal('/b/polls');
  });

  it('ctx.route tells the handler which route matched', async () => {
    const app = createApp({ routes: [include('/v1', [Users, Polls], { namespace: 'v1' })] });
    const res = await request(app.callback()).get('/v1/users/x%20y').expect(200);
    expect(res.body.route).to.deep.equal({ name: 'v1:detail', namespace: 'v1', pattern: '/v1/users/:id', params: { id: 'x y' } });
  });

  it('ctx.reverse() answers 400 rather than build a URL on a malformed Host', async () => {
    const app = createApp({ routes: [Users] });
    for (const host of ['evil.com/x', 'a b', 'evil.com:fake@good.com', '[::1']) {
      const res = await request(app.callback()).get('/users/1').set('Host', host);
      expect(res.status, host).to.equal(400);
      expect(res.body.detail).to.equal('Invalid Host header.');
    }
  });

  it('two apps built from the same classes share nothing', async () => {
    const one = createApp({ routes: [include('/one', [Users])] });
    const two = createApp({ routes: [include('/two', [Users], { namespace: 'two' })] });
    expect(one.url('detail', { id: 1 })).to.equal('/one/users/1');
    expect(() => two.url('detail', { id: 1 })).to.throw(NoReverseMatch);
    expect(two.url('two:detail', { id: 1 })).to.equal('/two/users/1');
    await request(one.callback()).get('/two/users/1').expect(404);
    const body = (await request(two.callback()).get('/two/users/1').set('Host', 'h.test').expect(200)).body;
    expect(body.self).to.equal('http://h.test/two/users/1');
    expect((one.context as Context).reverse).to.not.equal((two.context as Context).reverse);
  });
});
