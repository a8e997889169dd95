import { expect } from 'chai';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Body, Controller, createApp, Files, MultiPartParser, Post, type MultiPartOptions, type UploadedFile } from '../../../src';
import { eventually, multipart, uploadDir } from '../../bodies/parsers/helpers';

/**
 * Hostile uploads (docs/reference/hostile-input.md): each is bounded (memory, time, bytes
 * read), answered with a 4xx, and leaves no temporary file behind.
 */
describe('reliability: hostile multipart bodies', function () {
  this.timeout(60_000);
  let dir: ReturnType<typeof uploadDir>;
  let server: Server;
  let port: number;
  const errors: unknown[] = [];

  const start = async (limits?: MultiPartOptions['limits']) => {
    @Controller('/up', { parsers: [MultiPartParser({ directory: dir.path, limits })] })
    class Up {
      @Post('', 'up') up(@Body() fields: object, @Files() files: UploadedFile[]) {
        return { fields, files: files.map((file) => ({ filename: file.filename, path: file.path, size: file.size })) };
      }
    }
    const app = createApp({ routes: [Up] });
    app.on('error', (error) => errors.push(error));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  };

  /** Streams `head` then `chunk` again and again until the server answers (or `cap` bytes went out). */
  const stream = (type: string, head: string, chunk: Buffer, cap: number) =>
    new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest({ port, host: '127.0.0.1', path: '/up', method: 'POST', headers: { 'Content-Type': type, 'Transfer-Encoding': 'chunked' } }, (res) => {
        answered = true;
        let body = '';
        res.on('data', (data: Buffer) => (body += data));
        res.on('end', () => resolve({ status: res.statusCode as number, sent, body }));
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      req.write(head);
      const pump = () => {
        while (!answered && sent < cap) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });

  const post = (body: Buffer | string, type: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/up', method: 'POST', headers: { 'Content-Type': type } }, (res) => {
        let text = '';
        res.on('data', (data: Buffer) => (text += data));
        res.on('end', () => resolve({ status: res.statusCode as number, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeEach(() => {
    dir = uploadDir();
    errors.length = 0;
  });
  afterEach(async () => {
    server.closeAllConnections();
    server.close();
    const left = (await eventually(() => dir.files().length === 0)) ? [] : dir.files();
    dir.remove();
    expect(left, 'temporary files left behind').to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });

  it('10,000 parts: a 413 at limits.files (10 by default) or limits.parts (1,000), whichever comes first', async () => {
    await start();
    const { body, type } = multipart(Array.from({ length: 10_000 }, (_, i) => (i % 2 ? { name: `f${i}`, value: 'v' } : { name: `f${i}`, value: 'x', filename: `${i}.txt` })));
    const response = await post(body, type);
    expect([response.status, JSON.parse(response.body).detail]).to.deep.equal([413, 'Request body is over the limit of limits.files (10).']);
    const fields = multipart(Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'v' })));
    expect(JSON.parse((await post(fields.body, fields.type)).body).detail).to.equal('Request body is over the limit of limits.parts (1000).');
  });

  it('a file whose closing boundary never comes: a 413 once limits.fileSize is passed, long before the body ends', async () => {
    await start({ fileSize: 64 * 1024 });
    const response = await stream('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n', Buffer.alloc(16 * 1024, 'x'), 64 * 1024 * 1024);
    expect(response.status).to.equal(413);
    expect(response.sent).to.be.below(8 * 1024 * 1024);
  });

  it('a first boundary that never comes (an endless preamble): a 413 once no body within the limits could be that long', async () => {
    await start({ files: 1, fileSize: 1024, parts: 4, body: 1024 });
    const response = await stream('multipart/form-data; boundary=b', 'preamble', Buffer.alloc(16 * 1024, 'x'), 64 * 1024 * 1024);
    expect(response.status).to.equal(413);
    expect(response.sent).to.be.below(8 * 1024 * 1024);
  });

  it('a part header that never ends: a 413 at limits.headerSize', async () => {
    await start();
    const response = await stream('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="f"\r\nX-Junk: ', Buffer.alloc(4096, 'j'), 64 * 1024 * 1024);
    expect([response.status, JSON.parse(response.body).detail]).to.deep.equal([413, 'Request body is over the limit of limits.headerSize (16384).']);
    expect(response.sent).to.be.below(8 * 1024 * 1024);
  });

  it('a file name with ../ and NUL: sanitised, and the file is written inside the temporary directory only', async () => {
    await start();
    const { body, type } = multipart([{ name: 'f', value: 'x', filename: '../../../../tmp/evil\u0000.sh' }]);
    const response = await post(body, type);
    const [file] = JSON.parse(response.body).files;
    expect(response.status).to.equal(200);
    expect(file.filename).to.equal('evil.sh');
    expect(file.path.startsWith(`${dir.path}/waymark-upload-`)).to.equal(true);
  });

  it('a file name with C1 controls (8-bit CSI U+009B, NEL U+0085): stripped, as C0 controls are', async () => {
    await start();
    const response = await post(`--b\r\nContent-Disposition: form-data; name="f"; filename*=UTF-8''re%C2%9B31mport%C2%85.txt\r\n\r\nx\r\n--b--\r\n`, 'multipart/form-data; boundary=b');
    expect(response.status).to.equal(200);
    expect(JSON.parse(response.body).files[0].filename).to.equal('re31mport.txt');
  });

  it('a file name with bidi controls (U+202E: photo\u202Egnp.exe shows as photoexe.png): stripped, the name reads as it is stored', async () => {
    await start();
    const response = await post(`--b\r\nContent-Disposition: form-data; name="f"; filename*=UTF-8''photo%E2%80%AEgnp%E2%81%A6%E2%80%8F.exe\r\n\r\nx\r\n--b--\r\n`, 'multipart/form-data; boundary=b');
    expect(response.status).to.equal(200);
    expect(JSON.parse(response.body).files[0].filename).to.equal('photognp.exe');
  });

  it('slow uploads aborted midway: every half-written file is removed and the server keeps answering', async () => {
    await start();
    const aborted = Array.from({ length: 20 }, () => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/up', method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Transfer-Encoding': 'chunked' } });
      req.on('error', () => {});
      req.write('--b\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n');
      req.write('x'.repeat(1000));
      return req;
    });
    expect(await eventually(() => dir.files().length === 20)).to.equal(true);
    for (const req of aborted) req.destroy();
    expect(await eventually(() => dir.files().length === 0)).to.equal(true);
    // Koa reports each request whose client went away (Node's parser error on the cut chunked body;
    // Deno's request 'aborted'): not a fault of the server (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno).
    expect(errors.every((error) => (error as { code?: string }).code === 'HPE_INVALID_EOF_STATE' || (error as Error).message === 'aborted')).to.equal(true);
    errors.length = 0;
    const { body, type } = multipart([{ name: 'a', value: 'b' }]);
    expect((await post(body, type)).status).to.equal(200);
  });
});
