import { expect } from 'chai';
import request from 'supertest';
import type { Context } from 'koa';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Ctx,
  Get,
  HTMLRenderer,
  ImproperlyConfigured,
  QueryParameterVersioning,
  include,
  JSONRenderer,
  TextRenderer,
  type Renderer,
} from '../../src';

const csv: Renderer = {
  mediaType: 'text/csv',
  format: 'csv',
  render: (rows) => (rows as Record<string, unknown>[]).map((row) => Object.values(row).join(',')).join('\n') + '\n',
};
const rows = [{ id: 1, name: 'Ada' }];

@Controller('/books')
class Books {
  @Get('', { name: 'list', renderers: [JSONRenderer, csv] }) list() {
    return rows;
  }
  @Get('/plain', 'plain') plain() {
    return rows;
  }
  @Get('/page', { name: 'page', renderers: [HTMLRenderer] }) page() {
    return '<h1>Books</h1>';
  }
}

@Controller('/notes', { renderers: [TextRenderer, JSONRenderer] })
class Notes {
  @Get('', 'list') list() {
    return 'a note';
  }
  @Get('/json', { name: 'json', renderers: [JSONRenderer] }) json() {
    return { note: 'a note' };
  }
}

@Controller('/observed')
class Observed {
  @Get('/hello', 'hello') hello(@Ctx() ctx: Context) {
    ctx.type = 'text/plain';
    return 'hello';
  }
  @Get('/hello-text', { name: 'hello-text', renderers: [JSONRenderer, TextRenderer] }) helloText() {
    return 'hello';
  }
  @Get('/export', { name: 'export', renderers: [csv] }) export(@Ctx() ctx: Context) {
    ctx.type = 'text/csv';
    ctx.body = 'id,name\n1,Ada\n';
  }
  @Get('/reverse', { name: 'reverse', renderers: [JSONRenderer, csv] }) reverse(@Ctx() ctx: Context) {
    return [{ next: ctx.reverse('export'), books: ctx.reverse('books:list', {}, { query: { page: '2', format: 'json' } }) }];
  }
}

const app = (extra: object = {}) =>
  createApp({ routes: [include('', [Books], { namespace: 'books' }), Notes, include('/in', [Notes], { renderers: [HTMLRenderer] }), Observed], ...extra }).callback();

describe('http/renderers: per route, negotiated as DRF negotiates', () => {
  it('a route with JSON and CSV answers JSON by default and CSV when asked, with Vary: Accept', async () => {
    const json = await request(app()).get('/books');
    expect([json.status, json.headers['content-type'], json.body, json.headers.vary]).to.deep.equal([200, 'application/json; charset=utf-8', rows, 'Accept']);
    const text = await request(app()).get('/books').set('Accept', 'text/csv');
    expect([text.status, text.headers['content-type'], text.text, text.headers.vary]).to.deep.equal([200, 'text/csv; charset=utf-8', '1,Ada\n', 'Accept']);
  });

  it('a route with one renderer has no Vary: Accept, and a 406 lists what the route offers', async () => {
    const plain = await request(app()).get('/books/plain');
    expect(plain.headers.vary ?? '').not.to.contain('Accept');
    const refused = await request(app()).get('/books').set('Accept', 'application/xml');
    expect([refused.status, refused.body.available]).to.deep.equal([406, ['application/json', 'text/csv']]);
    const page = await request(app()).get('/books/page').set('Accept', 'application/json');
    expect([page.status, page.body.available]).to.deep.equal([406, ['text/html']]);
  });

  it('innermost wins: route over controller over include over app', async () => {
    const controller = await request(app()).get('/notes');
    expect([controller.headers['content-type'], controller.text]).to.deep.equal(['text/plain; charset=utf-8', 'a note']);
    const route = await request(app()).get('/notes/json').set('Accept', 'text/plain');
    expect(route.status).to.equal(406);
    // The controller's renderers beat the include's.
    const inInclude = await request(app()).get('/in/notes').set('Accept', 'text/html');
    expect(inInclude.status).to.equal(406);
    @Controller('/bare')
    class Bare {
      @Get('', 'bare') bare() {
        return { a: '<b>' };
      }
    }
    const included = await request(createApp({ routes: [include('/in', [Bare], { renderers: [HTMLRenderer] })] }).callback()).get('/in/bare');
    expect([included.headers['content-type'], included.text]).to.deep.equal(['text/html; charset=utf-8', '<pre>{&quot;a&quot;:&quot;&lt;b&gt;&quot;}</pre>']);
    const appWide = await request(createApp({ routes: [Bare], renderers: [TextRenderer] }).callback()).get('/bare');
    expect([appWide.headers['content-type'], appWide.text]).to.deep.equal(['text/plain; charset=utf-8', '{"a":"<b>"}']);
  });

  it("regression: ctx.type = 'text/plain'; return 'hello' sent the JSON text \"hello\" as text/plain", async () => {
    const res = await request(app()).get('/observed/hello');
    expect([res.headers['content-type'], res.text]).to.deep.equal(['text/plain; charset=utf-8', 'hello']);
  });

  it('regression: Accept: text/plain was a 406 on a text route (now the route names TextRenderer)', async () => {
    const res = await request(app()).get('/observed/hello-text').set('Accept', 'text/plain');
    expect([res.status, res.headers['content-type'], res.text]).to.deep.equal([200, 'text/plain; charset=utf-8', 'hello']);
  });

  it('regression: a CSV export that sets ctx.body was a 406 for Accept: text/csv (now its route names the CSV renderer)', async () => {
    const res = await request(app()).get('/observed/export').set('Accept', 'text/csv');
    expect([res.status, res.headers['content-type'], res.text]).to.deep.equal([200, 'text/csv; charset=utf-8', 'id,name\n1,Ada\n']);
  });

  it('regression: text/csv in mediaTypes made JSON routes answer text/csv with a JSON body; now refused at build, naming renderers', () => {
    expect(() => createApp({ routes: [Books], mediaTypes: ['application/json', 'text/csv'] })).to.throw(ImproperlyConfigured, 'renderers');
    expect(() => createApp({ routes: [Books], mediaTypes: ['application/json', 'application/vnd.api+json'] })).not.to.throw();
  });

  it('regression: a Uint8Array that is not a Buffer (returned, or from a renderer) was written as a JSON object; now as bytes', async () => {
    const bytes: Renderer = { mediaType: 'application/octet-stream', render: () => Uint8Array.of(104, 105) };
    @Controller('/bytes')
    class Bytes {
      @Get('/returned', 'returned') returned() {
        return Uint8Array.of(104, 105);
      }
      @Get('/rendered', { name: 'rendered', renderers: [bytes] }) rendered() {
        return {};
      }
    }
    const server = createApp({ routes: [Bytes] }).callback();
    for (const path of ['/bytes/returned', '/bytes/rendered']) {
      const res = await request(server).get(path).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect((res.body as Buffer).toString(), path).to.equal('hi');
    }
  });

  it('routes of two versions on one path: each negotiates over its own renderers, and the version is read from the range that accepted one', async () => {
    @Controller('/report')
    class Report {
      @Get('', { name: 'report', versions: ['1'] }) v1() {
        return rows;
      }
      @Get('', { name: 'report', versions: ['2'], renderers: [JSONRenderer, csv] }) v2() {
        return rows;
      }
    }
    const accept = createApp({ routes: [Report], versioning: new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' }) }).callback();
    const csvV2 = await request(accept).get('/report').set('Accept', 'text/csv; version=2');
    expect([csvV2.status, csvV2.headers['content-type'], csvV2.text, csvV2.headers.vary]).to.deep.equal([200, 'text/csv; version=2; charset=utf-8', '1,Ada\n', 'Accept']);
    const csvV1 = await request(accept).get('/report').set('Accept', 'text/csv; version=1');
    expect([csvV1.status, csvV1.body.available]).to.deep.equal([406, ['application/json']]);
    expect((await request(accept).get('/report').set('Accept', 'application/json; version=1')).body).to.deep.equal(rows);
    const query = createApp({ routes: [Report], versioning: new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' }), formatOverride: 'format' }).callback();
    expect((await request(query).get('/report?version=2&format=csv')).text).to.equal('1,Ada\n');
    expect((await request(query).get('/report?version=1&format=csv')).status).to.equal(404);
    expect((await request(query).get('/report?version=2').set('Accept', 'text/csv')).text).to.equal('1,Ada\n');
    expect((await request(query).get('/report?version=1').set('Accept', 'text/csv')).status).to.equal(406);
  });

  it("sends the renderer's media type as written, parameters included (DRF)", async () => {
    const headed: Renderer = { mediaType: 'text/csv; header=present', render: () => 'id\n' };
    @Controller('/headed')
    class Headed {
      @Get('', { name: 'headed', renderers: [headed] }) list() {
        return [];
      }
    }
    const res = await request(createApp({ routes: [Headed] }).callback()).get('/headed').set('Accept', 'text/csv; header=present');
    expect([res.status, res.headers['content-type']]).to.deep.equal([200, 'text/csv; header=present; charset=utf-8']);
  });

  it('misconfiguration is refused at build, naming the place', () => {
    expect(() => createApp({ routes: [Books], renderers: [] })).to.throw(ImproperlyConfigured, 'createApp() option renderers');
    expect(() => createApp({ routes: [Books], renderers: [{ mediaType: 'text/*', render: String }] })).to.throw(ImproperlyConfigured, 'no wildcard');
    expect(() => createApp({ routes: [Books], renderers: [JSONRenderer], mediaTypes: ['application/json'] })).to.throw(ImproperlyConfigured, 'not both');
    expect(() => include('/x', [Books], { renderers: [{ mediaType: 'text/csv' } as never] })).to.throw(ImproperlyConfigured, "include('/x'");
    @Controller('/bad', { renderers: 'csv' as never })
    class Bad {}
    expect(() => createApp({ routes: [Bad] })).to.throw(ImproperlyConfigured, 'Bad');
    expect(() => createApp({ routes: [Books], formatOverride: '' })).to.throw(ImproperlyConfigured, 'formatOverride');
  });

  it('the Accept-header scheme reads the version from the range that chose the route renderer', async () => {
    const versioned = createApp({ routes: [Books], versioning: new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' }) }).callback();
    const res = await request(versioned).get('/books').set('Accept', 'application/json, text/csv; version=2');
    expect([res.status, res.headers['content-type']]).to.deep.equal([200, 'text/csv; version=2; charset=utf-8']);
    const json = await request(versioned).get('/books').set('Accept', 'application/json; version=2');
    expect(json.headers['content-type']).to.equal('application/json; version=2; charset=utf-8');
  });
});

describe('http/renderers: formatOverride', () => {
  const withFormat = () => app({ formatOverride: 'format' });

  it('?format=csv picks the CSV renderer whatever Accept says (when it matches), and an unknown format is a 404', async () => {
    const res = await request(withFormat()).get('/books?format=csv');
    expect([res.status, res.headers['content-type'], res.text]).to.deep.equal([200, 'text/csv; charset=utf-8', '1,Ada\n']);
    const json = await request(withFormat()).get('/books?format=json').set('Accept', 'text/csv');
    expect(json.status).to.equal(406);
    expect((await request(withFormat()).get('/books?format=xml')).status).to.equal(404);
    // Empty is no format, as in DRF; the last of repeated values counts, as in Django's QueryDict.
    expect((await request(withFormat()).get('/books?format=')).headers['content-type']).to.equal('application/json; charset=utf-8');
    expect((await request(withFormat()).get('/books?format=xml&format=csv')).headers['content-type']).to.equal('text/csv; charset=utf-8');
  });

  it('is off by default: ?format= is an ordinary query parameter', async () => {
    expect((await request(app()).get('/books?format=xml')).status).to.equal(200);
  });

  it('ctx.reverse keeps the format, replacing one the link has', async () => {
    const res = await request(withFormat()).get('/observed/reverse?format=json');
    expect(res.body).to.deep.equal([{ next: `${res.request.url.split('/observed')[0]}/observed/export?format=json`, books: `${res.request.url.split('/observed')[0]}/books?page=2&format=json` }]);
    const plain = await request(app()).get('/observed/reverse?format=json');
    expect(plain.body[0].next).to.match(/\/export$/);
  });

  it('odd bytes in ?format= are a 4xx, never a 5xx', async () => {
    for (const odd of ['%FF', '%00', '%E2%80%AE', 'a'.repeat(5000), '%', '..%2F', '%C0%AF', '__proto__', 'constructor']) {
      const res = await request(withFormat()).get(`/books?format=${odd}`);
      expect(res.status, odd).to.equal(404);
    }
  });
});
