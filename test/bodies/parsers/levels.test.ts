import { expect } from 'chai';
import type { Middleware } from 'koa';
import request from 'supertest';
import { Body, Controller, createApp, File, FormParser, ImproperlyConfigured, include, JSONParser, MultiPartParser, Post, RawParser, TextParser, Files, type Parser, type UploadedFile } from '../../../src';

// koa-bodyparser ships no types.
const bodyParser = require('koa-bodyparser') as () => Middleware;

const kind = (body: unknown) => (Buffer.isBuffer(body) ? 'buffer' : typeof body);

@Controller('/plain')
class Plain {
  @Post('', 'plain') plain(@Body() body: unknown) {
    return { kind: kind(body) };
  }
  @Post('/text', { name: 'text', parsers: [TextParser()] }) text(@Body() body: unknown) {
    return { kind: kind(body) };
  }
}

@Controller('/forms', { parsers: [FormParser()] })
class Forms {
  @Post('', 'form') form(@Body() body: unknown) {
    return { kind: kind(body), body };
  }
  @Post('/raw', { name: 'raw', parsers: [RawParser()] }) raw(@Body() body: unknown) {
    return { kind: kind(body) };
  }
}

const types = async (app: ReturnType<typeof createApp>, path: string) => {
  const agent = request(app.callback());
  const out: Record<string, number> = {};
  out.json = (await agent.post(path).set('Content-Type', 'application/json').send('{"a":1}')).status;
  out.form = (await agent.post(path).set('Content-Type', 'application/x-www-form-urlencoded').send('a=1')).status;
  out.text = (await agent.post(path).set('Content-Type', 'text/plain').send('a')).status;
  out.raw = (await agent.post(path).set('Content-Type', 'application/octet-stream').send(Buffer.from('a'))).status;
  return out;
};

describe('http/parsers: set on the app, an include, a controller, a route (innermost wins)', () => {
  it('reads JSON only by default, as before', async () => {
    expect(await types(createApp({ routes: [Plain] }), '/plain')).to.deep.equal({ json: 200, form: 415, text: 415, raw: 415 });
  });

  it('AppOptions.parsers replaces the default for routes that set none', async () => {
    const app = createApp({ routes: [Plain], parsers: [FormParser(), TextParser()] });
    expect(await types(app, '/plain')).to.deep.equal({ json: 415, form: 200, text: 200, raw: 415 });
  });

  it('include() parsers apply inside it and lose to the controller and route', async () => {
    const app = createApp({ routes: [include('/in', [Plain, Forms], { parsers: [RawParser()] })] });
    expect(await types(app, '/in/plain')).to.deep.equal({ json: 415, form: 415, text: 415, raw: 200 });
    expect(await types(app, '/in/plain/text')).to.deep.equal({ json: 415, form: 415, text: 200, raw: 415 });
    expect(await types(app, '/in/forms')).to.deep.equal({ json: 415, form: 200, text: 415, raw: 415 });
  });

  it('a nested include wins over the outer one', async () => {
    const app = createApp({ routes: [include('/a', [include('/b', [Plain], { parsers: [TextParser()] })], { parsers: [RawParser()] })] });
    expect(await types(app, '/a/b/plain')).to.deep.equal({ json: 415, form: 415, text: 200, raw: 415 });
  });

  it('the controller wins over the app, the route over the controller', async () => {
    const app = createApp({ routes: [Forms], parsers: [TextParser()] });
    expect(await types(app, '/forms')).to.deep.equal({ json: 415, form: 200, text: 415, raw: 415 });
    expect(await types(app, '/forms/raw')).to.deep.equal({ json: 415, form: 415, text: 415, raw: 200 });
  });

  it('gives each parser its own value: strings for text, a Buffer for raw, fields for forms', async () => {
    const agent = request(createApp({ routes: [Plain, Forms] }).callback());
    expect((await agent.post('/plain/text').set('Content-Type', 'text/plain; charset=utf-8').send('a')).body).to.deep.equal({ kind: 'string' });
    expect((await agent.post('/forms/raw').set('Content-Type', 'application/octet-stream').send(Buffer.from('a'))).body).to.deep.equal({ kind: 'buffer' });
    expect((await agent.post('/forms').type('form').send('a=1&a=2&b=').expect(200)).body).to.deep.equal({ kind: 'object', body: { a: ['1', '2'], b: '' } });
  });

  it('answers 415 listing the types the route reads, with Accept-Post', async () => {
    const app = createApp({ routes: [Plain], parsers: [JSONParser(), FormParser(), MultiPartParser()] });
    const response = await request(app.callback()).post('/plain').set('Content-Type', 'text/csv').send('a,b').expect(415);
    expect(response.type).to.equal('application/problem+json');
    expect(response.body.detail).to.equal('Unsupported media type: send the body as application/json, application/x-www-form-urlencoded, multipart/form-data.');
    expect(response.body.accepted).to.deep.equal(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(response.headers['accept-post']).to.equal('application/json, application/x-www-form-urlencoded, multipart/form-data');
  });

  it('answers the 415 in the client’s language', async () => {
    const response = await request(createApp({ routes: [Plain] }).callback()).post('/plain').set('Accept-Language', 'fr').set('Content-Type', 'text/csv').send('a').expect(415);
    expect(response.body.detail).to.equal('Type de média non pris en charge : envoyez le corps en application/json.');
  });

  it('still reads +json types with the JSON parser', async () => {
    await request(createApp({ routes: [Plain] }).callback()).post('/plain').set('Content-Type', 'application/merge-patch+json').send('{"a":1}').expect(200);
  });

  it('takes a factory passed uncalled for its defaults, and refuses, when the app is built, an empty list or a non-parser', async () => {
    const build = (parsers: unknown) => () => createApp({ routes: [Plain], parsers: parsers as Parser[] });
    expect(await types(build([JSONParser, FormParser])(), '/plain')).to.deep.equal({ json: 200, form: 200, text: 415, raw: 415 });
    expect(build([])).to.throw(ImproperlyConfigured, 'parsers must be a non-empty array');
    expect(build([{ mediaType: 'json', parse: () => 1 }])).to.throw(ImproperlyConfigured, "must be a parser { mediaType: 'type/subtype'");
    expect(() => include('/x', [Plain], { parsers: 'json' as never })).to.throw(ImproperlyConfigured, "include('/x', ..., { parsers })");
  });

  it('refuses @File on a route whose parsers carry no files, naming the route and the fix', () => {
    @Controller('/up')
    class Up {
      @Post('', 'up') up(@File('doc') doc: unknown) {
        return doc;
      }
    }
    expect(() => createApp({ routes: [Up] })).to.throw(ImproperlyConfigured, "Up.up parameter 1 (@File('doc')): the route reads application/json, which carry no files. Give the route (or its controller) a parser of uploads: { parsers: [MultiPartParser()] }.");
    expect(() => createApp({ routes: [Up], parsers: [MultiPartParser()] })).not.to.throw();
  });

  it('lets a body parsed by earlier middleware through as it is', async () => {
    const app = createApp({ routes: [Plain] });
    app.use(async (ctx, next) => {
      for await (const chunk of ctx.req) void chunk; // read, as a body parser does
      (ctx.request as { body?: unknown }).body = 'parsed before';
      await next();
    });
    expect((await request(app.callback()).post('/plain').set('Content-Type', 'text/csv').send('a').expect(200)).body).to.deep.equal({ kind: 'string' });
  });

  it('with koa-bodyparser on the app: its JSON is used, and an upload it left unread still reaches @File()', async () => {
    @Controller('/mixed', { parsers: [JSONParser(), MultiPartParser({ storage: 'memory' })] })
    class Mixed {
      @Post('', 'mixed') mixed(@Body() body: unknown, @Files() files: UploadedFile[]) {
        return { body, files: files.map((file) => file.filename) };
      }
    }
    const app = createApp({ routes: [Mixed] });
    app.use(bodyParser());
    const agent = request(app.callback());
    expect((await agent.post('/mixed').send({ a: 1 }).expect(200)).body).to.deep.equal({ body: { a: 1 }, files: [] });
    const upload = await agent.post('/mixed').field('title', 't').attach('doc', Buffer.from('x'), 'doc.txt').expect(200);
    expect(upload.body).to.deep.equal({ body: { title: 't' }, files: ['doc.txt'] });
  });
});
