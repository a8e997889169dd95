import { expect } from 'chai';
import request from 'supertest';
import type { Context } from 'koa';
import { BadRequest, Controller, createApp, Ctx, Get, Param, Post } from '../../src';
import { Matcher } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';

@Controller('/m')
class Routes {
  @Get('/num/:id', { name: 'num', requirements: { id: /\d+/ } }) num() {
    return 'num';
  }
  @Post('/num/:id', { name: 'num-post', requirements: { id: /\d+/ } }) numPost() {}
  @Get('/num/:slug', 'slug') slug() {
    return 'slug';
  }
  @Get('/only-digits/:id', { name: 'digits', requirements: { id: '\\d+' } }) digits() {}
  @Get('/files/*path', 'files') files() {}
  @Get('/Case', 'case') case() {}
}

const matcher = new Matcher(buildRouteTable([Routes]).routes);

describe('http/matcher', () => {
  it('decodes parameters exactly once', () => {
    const result = matcher.match('GET', '/m/num/%2520');
    expect(result.kind === 'found' && result.candidates[0].params).to.deep.equal({ slug: '%20' });
    const files = matcher.match('GET', '/m/files/a/b%2Fc');
    expect(files.kind === 'found' && files.candidates[0].params).to.deep.equal({ path: 'a/b/c' });
  });

  it('falls through to the next route when a requirement fails', () => {
    const digits = matcher.match('GET', '/m/num/12');
    const word = matcher.match('GET', '/m/num/ab');
    expect(digits.kind === 'found' && digits.candidates.map((c) => c.route.name)).to.deep.equal(['num', 'slug']);
    expect(word.kind === 'found' && word.candidates.map((c) => c.route.name)).to.deep.equal(['slug']);
  });

  it('counts only routes whose requirements fit toward 405', () => {
    expect(matcher.match('PUT', '/m/only-digits/1')).to.deep.equal({ kind: 'method', allowed: ['HEAD', 'GET'] });
    expect(matcher.match('PUT', '/m/only-digits/x')).to.deep.equal({ kind: 'none' });
  });

  it('throws BadRequest for a malformed escape in a parameter', () => {
    for (const path of ['/m/num/%E0%A4%A', '/m/num/%', '/m/num/%zz', '/m/files/a/%c0']) {
      expect(() => matcher.match('GET', path), path).to.throw(BadRequest).with.property('code', 'MALFORMED_PATH');
    }
  });

  it('matches static segments case-sensitively, with an optional trailing slash', () => {
    expect(matcher.match('GET', '/m/Case').kind).to.equal('found');
    expect(matcher.match('GET', '/m/Case/').kind).to.equal('found');
    expect(matcher.match('GET', '/m/case').kind).to.equal('none');
    expect(matcher.match('GET', '//m/Case').kind).to.equal('none');
  });

  it('answers a malformed escape with a 400 problem over HTTP, without calling the handler', async () => {
    const res = await request(createApp({ routes: [Routes] }).callback()).get('/m/num/%E0%A4%A');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Malformed percent-encoding in the URL path.' });
  });

  it('keeps registration order between routes indexed at different depths', () => {
    @Controller()
    class Order {
      @Get('/:any/x', 'first') first() {}
      @Get('/a/:id', 'second') second() {}
      @Get('/:p/:q', 'third') third() {}
    }
    const result = new Matcher(buildRouteTable([Order]).routes).match('GET', '/a/x');
    expect(result.kind === 'found' && result.candidates.map((c) => c.route.name)).to.deep.equal(['first', 'second', 'third']);
  });

  it('a route ending in its parameter matches alike whether it is alone there or others go through that parameter after it', () => {
    @Controller()
    class Params {
      @Get('/a/:id', 'alone') alone() {}
      @Get('/b/:id', 'first') first() {}
      @Get('/b/:id/edit', 'deeper') deeper() {}
      @Get('/b/:key', 'same-shape') sameShape() {}
    }
    const table = new Matcher(buildRouteTable([Params]).routes);
    const names = (path: string) => {
      const result = table.match('GET', path);
      return result.kind === 'found' ? result.candidates.map((c) => [c.route.name, c.params]) : result.kind;
    };
    expect(names('/a/1')).to.deep.equal([['alone', { id: '1' }]]);
    expect(names('/a/1/')).to.deep.equal([['alone', { id: '1' }]]);
    expect(names('/a/')).to.equal('none');
    expect(names('/a/1/x')).to.equal('none');
    expect(names('/b/2')).to.deep.equal([['first', { id: '2' }], ['same-shape', { key: '2' }]]);
    expect(names('/b/2/')).to.deep.equal([['first', { id: '2' }], ['same-shape', { key: '2' }]]);
    expect(names('/b/2/edit')).to.deep.equal([['deeper', { id: '2' }]]);
  });

  it('matches static segments percent-decoded (RFC 3986 §6.2.2), without ever splitting on an encoded slash', () => {
    @Controller()
    class Static {
      @Get('/v1/users', 'users') users() {}
      @Get('/café/:id', 'cafe') cafe() {}
      @Get('/a%2Fb', 'encoded-slash') slash() {}
      @Get('/v1/:rest', 'v1-one') one() {}
    }
    const static_ = new Matcher(buildRouteTable([Static]).routes);
    const names = (path: string) => {
      const result = static_.match('GET', path);
      return result.kind === 'found' ? result.candidates.map((c) => c.route.name) : result.kind;
    };
    expect(names('/%76%31/users')).to.deep.equal(['users', 'v1-one']);
    expect(names('/v1/%75sers')).to.deep.equal(['users', 'v1-one']);
    expect(names('/caf%c3%a9/1')).to.deep.equal(['cafe']);
    expect(names('/caf%C3%A9/1')).to.deep.equal(['cafe']);
    expect(names('/v1%2Fusers')).to.equal('none');
    expect(names('/a%2fb')).to.deep.equal(['encoded-slash']);
    expect(names('/a/b')).to.equal('none');
  });

  it("regression: '/items/%2e%2e' matched with id '..', and a handler linking to itself answered 500", async () => {
    @Controller('/items')
    class Items {
      @Get('/:id', 'item') item(@Param('id') id: string, @Ctx() ctx: Context) {
        return { id, self: ctx.reverse('item', { id }) };
      }
      @Get('/files/*path', 'files') files(@Param('path') path: string, @Ctx() ctx: Context) {
        return { path, self: ctx.reverse('files', { path }) };
      }
    }
    const agent = request(createApp({ routes: [Items] }).callback());
    for (const path of ['/items/%2e%2e', '/items/%2E', '/items/.', '/items/files/a/%2e%2e/b', '/items/files/a//b', '/items/files/%2e']) {
      expect((await agent.get(path)).status, path).to.equal(404);
    }
    expect((await agent.get('/items/%2e%2e%2e').expect(200)).body.id).to.equal('...');
    expect((await agent.get('/items/files/a/b/').expect(200)).body).to.deep.include({ path: 'a/b' });
  });

  it('answers HEAD with GET routes and lists every method of the path for a 405, in registration order', () => {
    @Controller()
    class Methods {
      @Post('/x/:id', 'post') post() {}
      @Get('/x/:id', 'get') get() {}
      @Get('/x/y', 'static') static() {}
    }
    const methods = new Matcher(buildRouteTable([Methods]).routes);
    const head = methods.match('HEAD', '/x/y');
    expect(head.kind === 'found' && head.candidates.map((c) => c.route.name)).to.deep.equal(['get', 'static']);
    expect(methods.match('PUT', '/x/1')).to.deep.equal({ kind: 'method', allowed: ['POST', 'HEAD', 'GET'] });
  });
});
