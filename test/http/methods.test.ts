import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Delete, Get, ImproperlyConfigured, Param, Route } from '../../src';

/** One request over a real socket, so Node's own parser decides which methods arrive (docs/methods.md#nodes-parser). */
async function send(app: ReturnType<typeof createApp>, method: string, path: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const outgoing = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (incoming) => {
        let body = '';
        incoming.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: incoming.statusCode as number, body, headers: incoming.headers }));
      });
      outgoing.on('error', reject).end();
    });
  } finally {
    server.close();
  }
}

@Controller('/cache')
class Cache {
  @Route('PURGE', '/:key', 'purge') purge(@Param('key') key: string) {
    return { purged: key };
  }
  @Route(['lock', 'UNLOCK'], '/:key/lock', 'lock') lock() {
    return { locked: true };
  }
  @Route('QUERY', '/search') query() {
    return { query: true };
  }
  @Get('/:key', 'read') read() {
    return { read: true };
  }
}

describe('@Route: routes for any method (docs/methods.md)', () => {
  const app = createApp({ routes: [Cache] });

  it('serves PURGE, LOCK, UNLOCK and QUERY through Node’s parser, upper-casing a method declared in lower case', async () => {
    expect(await send(app, 'PURGE', '/cache/home')).to.include({ status: 200, body: '{"purged":"home"}' });
    expect((await send(app, 'LOCK', '/cache/home/lock')).status).to.equal(200);
    expect((await send(app, 'UNLOCK', '/cache/home/lock')).status).to.equal(200);
    expect(await send(app, 'QUERY', '/cache/search')).to.include({ status: 200, body: '{"query":true}' });
  });

  it('a list declares one route per method, in its order, sharing the name', () => {
    const lock = app.routes.filter((route) => route.name === 'lock');
    expect(lock.map((route) => route.method)).to.deep.equal(['LOCK', 'UNLOCK']);
    expect(app.url('lock', { key: 'a' })).to.equal('/cache/a/lock');
  });

  it('a method another path declares is a 405 listing this path’s methods', async () => {
    const answer = await send(app, 'PURGE', '/cache/home/lock');
    expect(answer.status).to.equal(405);
    expect(answer.headers.allow).to.equal('LOCK, UNLOCK');
  });

  it('a method no route declares is a 501 problem document, on a known path or not', async () => {
    for (const path of ['/cache/home', '/nowhere']) {
      const answer = await send(app, 'REPORT', path);
      expect(answer.status).to.equal(501);
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(JSON.parse(answer.body)).to.deep.equal({ type: 'about:blank', title: 'Not Implemented', status: 501, detail: 'Method "REPORT" is not implemented by this server.' });
    }
    // DELETE is a method Node knows, but no route of this app declares it.
    expect((await request(app.callback()).delete('/cache/home')).status).to.equal(501);
  });

  it('a 501 is the client’s doing: no error event reports it', async () => {
    const reported: unknown[] = [];
    const quiet = createApp({ routes: [Cache] });
    quiet.on('error', (error) => reported.push(error));
    expect((await send(quiet, 'REPORT', '/cache/home')).status).to.equal(501);
    expect(reported).to.deep.equal([]);
  });

  it('GET, HEAD and OPTIONS are never 501: an app without GET routes answers them 404 or 405', async () => {
    @Controller('/w')
    class WriteOnly {
      @Delete('/:id') remove() {}
    }
    const writeOnly = createApp({ routes: [WriteOnly] });
    expect((await request(writeOnly.callback()).get('/w/1')).status).to.equal(405);
    expect((await request(writeOnly.callback()).get('/other')).status).to.equal(404);
    expect((await request(writeOnly.callback()).head('/other')).status).to.equal(404);
    expect((await request(writeOnly.callback()).options('/w/1')).headers.allow).to.equal('DELETE, OPTIONS');
  });

  it('refuses TRACE and CONNECT when the app is built, naming why', () => {
    for (const [method, why] of [
      ['TRACE', /credentials/],
      ['connect', /'connect' event/],
    ] as const) {
      @Controller('')
      class Refused {
        @Route(method, '/x') x() {}
      }
      expect(() => createApp({ routes: [Refused] }))
        .to.throw(ImproperlyConfigured)
        .that.satisfies((error: Error) => why.test(error.message) && error.message.includes('Refused.x'));
    }
  });

  it('refuses a method that is not an RFC 9110 token', () => {
    for (const method of ['', 'GET /', 'PÜRGE', 'A,B', 'M(1)']) {
      @Controller('')
      class Bad {
        @Route(method, '/x') x() {}
      }
      expect(() => createApp({ routes: [Bad] }), method).to.throw(ImproperlyConfigured, /RFC 9110 token/);
    }
    @Controller('')
    class NotString {
      @Route(7 as unknown as string, '/x') x() {}
    }
    expect(() => createApp({ routes: [NotString] })).to.throw(ImproperlyConfigured, /not an HTTP method/);
  });

  it('lists the methods Node 20’s parser accepts, among them QUERY, PURGE, SEARCH and REPORT', () => {
    expect(http.METHODS).to.include.members(['PURGE', 'LOCK', 'UNLOCK', 'REPORT', 'SEARCH', 'QUERY', 'PROPFIND', 'MKCOL']);
  });
});
