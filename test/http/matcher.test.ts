import { expect } from 'chai';
import request from 'supertest';
import { BadRequest, Controller, createApp, Get, Post } from '../../src';
import { Matcher } from '../../src/http/matcher';
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
});
