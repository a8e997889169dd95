import { expect } from 'chai';
import { Matcher } from '../../src/routing/matcher';
import { buildRouteTable } from '../../src/table/builder';
import { Controller, Delete, Route } from '../../src';
import { agent, app, Cafe, Files, raw, statusOf, Users } from './helpers';

/** Declares PROPFIND and DELETE on another path, so that on /users they are a 405, not a 501 (docs/methods.md). */
@Controller('/elsewhere')
class Elsewhere {
  @Route('PROPFIND', '/dav') dav() {}
  @Delete('/gone') gone() {}
}
const routes = [Users, Files, Cafe, Elsewhere];

/** Hostile input (docs/reference/hostile-input.md): methods and protocol edge cases. */
describe('reliability: methods and protocol', () => {
  it('M1: an unknown method token and a lower-case method are a 400 from Node', async () => {
    expect(statusOf(await raw(app(), 'FOO /users/1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'))).to.equal(400);
    expect(statusOf(await raw(app(), 'get /users/1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'))).to.equal(400);
  });

  it('M2: a method another path declares is a 405 with Allow on a known path, a 404 on an unknown one; a method no route declares is a 501', async () => {
    const known = await raw(app({ routes }), 'PROPFIND /users/1 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
    expect(statusOf(known)).to.equal(405);
    expect(known).to.contain('Allow: HEAD, GET');
    expect(statusOf(await raw(app({ routes }), 'PROPFIND /nowhere HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'))).to.equal(404);
    for (const path of ['/users/1', '/nowhere']) expect(statusOf(await raw(app(), `PROPFIND ${path} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n`))).to.equal(501);
  });

  it('M3: the wrong method on a route is a 405 problem with Allow', async () => {
    const res = await agent({ routes }).delete('/users/1');
    expect([res.status, res.headers.allow, res.body.detail]).to.deep.equal([405, 'HEAD, GET', 'Method "DELETE" not allowed.']);
  });

  it('M4: method names like constructor or __proto__ find nothing (tables are Maps and Sets)', () => {
    const matcher = new Matcher(buildRouteTable([Users]).routes);
    for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(matcher.match(method, '/users/1')).to.deep.equal({ kind: 'method', allowed: ['HEAD', 'GET'] });
      expect(matcher.match(method, '/nowhere')).to.deep.equal({ kind: 'none' });
    }
  });

  const smuggling: [string, string][] = [
    ['CL and TE', 'POST /users/1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['bad Content-Length', 'POST /users/1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4x\r\n\r\nabcd'],
    ['bare CR', 'GET /users/1 HTTP/1.1\rHost: h\r\n\r\n'],
    ['obs-fold', 'GET /users/1 HTTP/1.1\r\nHost: h\r\nX-A: a\r\n b\r\n\r\n'],
    ['space in a header name', 'GET /users/1 HTTP/1.1\r\nHost: h\r\nX A: b\r\n\r\n'],
    ['NUL in a header', 'GET /users/1 HTTP/1.1\r\nHost: h\r\nX-A: a\u0000b\r\n\r\n'],
  ];
  for (const [name, bytes] of smuggling) {
    it(`M5: ${name} is a 400 from Node`, async () => {
      expect(statusOf(await raw(app(), bytes))).to.equal(400);
    });
  }
});
