import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Body, Controller, createApp, File, Files, Forbidden, HttpError, MultiPartParser, Post, Use, type MultiPartOptions, type Parser, type UploadedFile } from '../../../src';
import { eventually, multipart, uploadDir, type Part } from './helpers';

const fieldsSchema = { type: 'object', properties: { title: { type: 'string' }, pages: { type: 'integer' } } };

function uploadsApp(options: MultiPartOptions, seen: { paths: string[]; existed: boolean[] } = { paths: [], existed: [] }) {
  @Controller('/up', { parsers: [MultiPartParser(options)] })
  class Up {
    @Post('', 'up') up(@Body({ schema: fieldsSchema }) fields: object, @File('doc') doc: UploadedFile | undefined, @Files() all: UploadedFile[]) {
      for (const file of all) {
        if (file.path !== undefined) {
          seen.paths.push(file.path);
          seen.existed.push(existsSync(file.path));
        }
      }
      const content = (file: UploadedFile) => (file.buffer ?? readFileSync(file.path as string)).toString();
      return { fields, doc: doc && { ...doc, path: undefined, buffer: undefined, content: content(doc) }, count: all.length };
    }
    @Post('/fails', 'fails') fails(@File('doc') doc: UploadedFile) {
      seen.paths.push(doc.path as string);
      throw new Error('handler broke');
    }
    @Post('/refuses', 'refuses') refuses(@File('doc') doc: UploadedFile) {
      seen.paths.push(doc.path as string);
      throw new HttpError(409, 'no');
    }
  }
  const app = createApp({ routes: [Up] });
  app.on('error', () => {}); // the handler's 500 is expected
  return app;
}

const send = (app: ReturnType<typeof createApp>, parts: Part[], path = '/up') => {
  const { body, type } = multipart(parts);
  return request(app.callback()).post(path).set('Content-Type', type).send(body);
};

describe('http/parsers: multipart uploads', () => {
  let dir: ReturnType<typeof uploadDir>;
  beforeEach(() => (dir = uploadDir()));
  afterEach(() => dir.remove());

  it('delivers fields (coerced) and files streamed to a 0600 temporary file, removed once answered', async () => {
    const seen = { paths: [] as string[], existed: [] as boolean[] };
    const response = await send(uploadsApp({ directory: dir.path }, seen), [
      { name: 'title', value: 'Dune' },
      { name: 'pages', value: '412' },
      { name: 'doc', value: 'spice', filename: 'dune.txt', type: 'text/plain' },
    ]).expect(200);
    expect(response.body).to.deep.equal({ fields: { title: 'Dune', pages: 412 }, doc: { fieldName: 'doc', filename: 'dune.txt', mimeType: 'text/plain', size: 5, content: 'spice' }, count: 1 });
    expect(seen.existed).to.deep.equal([true]);
    expect(seen.paths[0].startsWith(dir.path)).to.equal(true);
    expect(await eventually(() => dir.files().length === 0)).to.equal(true);
  });

  it('writes temporary files readable by the owner only', async () => {
    let mode = 0;
    @Controller('/mode', { parsers: [MultiPartParser({ directory: dir.path })] })
    class Mode {
      @Post('', 'mode') mode(@File('doc') doc: UploadedFile) {
        mode = statSync(doc.path as string).mode & 0o777;
        return {};
      }
    }
    await send(createApp({ routes: [Mode] }), [{ name: 'doc', value: 'x', filename: 'x' }], '/mode').expect(200);
    expect(mode).to.equal(0o600);
  });

  it('keeps files in memory when asked, and never touches the disk', async () => {
    const response = await send(uploadsApp({ storage: 'memory', directory: dir.path }), [{ name: 'doc', value: Buffer.from([1, 2, 3]), filename: 'b.bin' }]).expect(200);
    // RFC 7578 §4.4: a part without Content-Type is text/plain.
    expect(response.body.doc).to.deep.include({ size: 3, mimeType: 'text/plain' });
    expect(dir.files()).to.deep.equal([]);
  });

  it('sanitises file names: no directories, no .., no NUL or control characters', async () => {
    // busboy stops a header value at a bare line break: the name ends there.
    const names = ['../../etc/passwd', '..\\..\\win.ini', 'a\u0000b.txt', '..', 'c:\\dir\\evil.exe', ' spaced .txt', 'line\r\nbreak'];
    const app = uploadsApp({ storage: 'memory' });
    const got: string[] = [];
    for (const filename of names) got.push((await send(app, [{ name: 'doc', value: 'x', filename }]).expect(200)).body.doc.filename);
    expect(got).to.deep.equal(['passwd', 'win.ini', 'ab.txt', '', 'evil.exe', 'spaced .txt', 'line']);
  });

  it('removes the temporary file when the handler throws (500) or answers a 4xx', async () => {
    const seen = { paths: [] as string[], existed: [] as boolean[] };
    const app = uploadsApp({ directory: dir.path }, seen);
    await send(app, [{ name: 'doc', value: 'x', filename: 'x' }], '/up/fails').expect(500);
    await send(app, [{ name: 'doc', value: 'x', filename: 'x' }], '/up/refuses').expect(409);
    expect(seen.paths).to.have.length(2);
    expect(await eventually(() => dir.files().length === 0)).to.equal(true);
  });

  for (const [limit, value, parts] of [
    ['fileSize', 4, [{ name: 'doc', value: '12345', filename: 'a' }]],
    ['files', 1, [{ name: 'doc', value: '1', filename: 'a' }, { name: 'doc', value: '2', filename: 'b' }]],
    ['fields', 1, [{ name: 'title', value: 'a' }, { name: 'pages', value: '1' }]],
    ['fieldSize', 4, [{ name: 'title', value: '12345' }]],
    ['parts', 2, [{ name: 'title', value: 'a' }, { name: 'pages', value: '1' }, { name: 'doc', value: '1', filename: 'a' }]],
    ['body', 8, [{ name: 'title', value: 'abcd' }, { name: 'pages', value: '1234' }]],
  ] as const) {
    it(`answers 413 over limits.${limit} and leaves no file behind`, async () => {
      const response = await send(uploadsApp({ directory: dir.path, limits: { [limit]: value } }), [...parts]).expect(413);
      expect(response.body.detail).to.match(new RegExp(`^Request body is over the limit of limits\\.${limit} \\(\\d+\\)\\.$`));
      expect(response.headers.connection).to.equal('close');
      expect(await eventually(() => dir.files().length === 0)).to.equal(true);
    });
  }

  it('gives @Files() in the order the files arrived, whichever finished writing first', async () => {
    @Controller('/order', { parsers: [MultiPartParser({ directory: dir.path, limits: { files: 20 } })] })
    class Order {
      @Post('', 'order') order(@Files() files: UploadedFile[]) {
        return files.map((file) => file.filename);
      }
    }
    const app = createApp({ routes: [Order] });
    // Tiny files are opened and written in parallel (libuv's pool): their writes finish in any order.
    const names = Array.from({ length: 16 }, (_, i) => `${i}.txt`);
    for (let round = 0; round < 8; round++) {
      const order = await send(app, names.map((filename) => ({ name: 'doc', value: 'x', filename })), '/order').expect(200);
      expect(order.body).to.deep.equal(names);
    }
  });

  it('leaves no file behind when a limit is passed while a file is still being opened', async () => {
    // The 413 can be sent (and the response closed) before the file's open() returns: the removal must wait for it.
    const app = uploadsApp({ directory: dir.path, limits: { fields: 1, files: 2 } });
    const file = (filename: string) => ({ name: 'doc', value: 'x', filename });
    for (let round = 0; round < 150; round++) {
      await Promise.all([
        send(app, [file('a'), { name: 'title', value: 'a' }, { name: 'pages', value: '1' }]).expect(413),
        send(app, [file('a'), file('b'), file('c')]).expect(413),
      ]);
    }
    expect(await eventually(() => dir.files().length === 0)).to.equal(true);
  });

  it('takes limits from the app’s limits option too', async () => {
    @Controller('/l', { parsers: [MultiPartParser({ directory: dir.path })] })
    class L {
      @Post('', 'l') l(@Files() files: UploadedFile[]) {
        return { n: files.length };
      }
    }
    const app = createApp({ routes: [L], limits: { files: 1 } });
    await send(app, [{ name: 'a', value: '1', filename: 'a' }], '/l').expect(200);
    await send(app, [{ name: 'a', value: '1', filename: 'a' }, { name: 'b', value: '1', filename: 'b' }], '/l').expect(413);
  });

  it('answers 400 to broken multipart bodies', async () => {
    const app = uploadsApp({ directory: dir.path });
    const agent = request(app.callback());
    const cut = multipart([{ name: 'doc', value: 'x'.repeat(100), filename: 'a' }]).body.subarray(0, 120);
    const truncated = await agent.post('/up').set('Content-Type', 'multipart/form-data; boundary=waymark-test-boundary').send(cut).expect(400);
    expect(truncated.body.detail).to.match(/^Malformed multipart body: /);
    await agent.post('/up').set('Content-Type', 'multipart/form-data').send('--x\r\n\r\n').expect(400);
    await agent.post('/up').set('Content-Type', 'multipart/form-data; boundary=other').send(multipart([{ name: 'title', value: 'a' }]).body).expect(400);
    expect(await eventually(() => dir.files().length === 0)).to.equal(true);
  });

  it('answers 400 naming the field for a required @File that was not sent', async () => {
    @Controller('/need', { parsers: [MultiPartParser({ storage: 'memory' })] })
    class Need {
      @Post('', 'need') need(@File('doc', { required: true }) doc: UploadedFile) {
        return doc.size;
      }
    }
    const response = await send(createApp({ routes: [Need] }), [{ name: 'title', value: 'a' }], '/need').expect(400);
    expect(response.body.detail).to.equal('Missing parameter "doc".');
  });

  it('parses nothing before the route’s guards ran: a refusing guard means no file is ever written', async () => {
    let parsed = 0;
    const inner = MultiPartParser({ directory: dir.path });
    const spy: Parser = { ...inner, parse: (ctx, limits) => (parsed++, inner.parse(ctx, limits)) };
    const deny = async () => {
      throw new Forbidden();
    };
    @Controller('/guarded', { parsers: [spy] })
    class Guarded {
      @Post('', 'guarded') @Use(deny) up(@File('doc') doc: UploadedFile) {
        return doc;
      }
    }
    const { body, type } = multipart([{ name: 'doc', value: 'x'.repeat(50_000), filename: 'a' }]);
    await request(createApp({ routes: [Guarded] }).callback()).post('/guarded').set('Content-Type', type).send(body).expect(403);
    expect(parsed).to.equal(0);
    expect(dir.files()).to.deep.equal([]);
  });

  it('removes a half-written file when the client aborts midway, and the request settles', async () => {
    let settled = false;
    @Controller('/slow', { parsers: [MultiPartParser({ directory: dir.path })] })
    class Slow {
      @Post('', 'slow') slow(@File('doc') doc: UploadedFile) {
        return doc.size;
      }
    }
    const app = createApp({ routes: [Slow] });
    app.on('error', () => {}); // Koa reports the aborted request
    app.use(async (_ctx, next) => {
      try {
        await next();
      } finally {
        settled = true;
      }
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const req = httpRequest({ port, path: '/slow', method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Transfer-Encoding': 'chunked' } });
      req.on('error', () => {});
      req.write('--b\r\nContent-Disposition: form-data; name="doc"; filename="a"\r\n\r\n');
      req.write('x'.repeat(10_000));
      expect(await eventually(() => dir.files().length === 1, 5000)).to.equal(true);
      req.destroy();
      expect(await eventually(() => dir.files().length === 0 && settled, 5000)).to.equal(true);
    } finally {
      server.close();
    }
  });

  it('removes a half-written file when the server times the request out', async () => {
    @Controller('/slow', { parsers: [MultiPartParser({ directory: dir.path })] })
    class Slow {
      @Post('', 'slow') slow(@File('doc') doc: UploadedFile) {
        return doc.size;
      }
    }
    const app = createApp({ routes: [Slow] });
    app.on('error', () => {}); // Koa reports the timed-out request
    const server = app.listen(0);
    // Long enough for a loaded machine to create the file first; the check runs every 50 ms.
    server.requestTimeout = 1500;
    server.headersTimeout = 1500;
    (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 50;
    try {
      const { port } = server.address() as AddressInfo;
      const req = httpRequest({ port, path: '/slow', method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Transfer-Encoding': 'chunked' } });
      req.on('error', () => {});
      req.on('response', (res) => res.resume());
      req.write('--b\r\nContent-Disposition: form-data; name="doc"; filename="a"\r\n\r\nxx');
      expect(await eventually(() => dir.files().length === 1, 5000)).to.equal(true);
      expect(await eventually(() => dir.files().length === 0, 10_000)).to.equal(true);
      req.destroy();
    } finally {
      server.close();
    }
  });
});
