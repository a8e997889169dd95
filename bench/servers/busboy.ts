import Busboy from '@fastify/busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream, unlink } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve';

/**
 * The baseline of the multipart rows: @fastify/busboy alone on node:http, doing what the waymark
 * row does (the file streamed to a 0600 temporary file with a random name, removed once the
 * response is sent; the field kept), with no framework around it.
 */
serve(
  createServer((req, res) => {
    const busboy = Busboy({ headers: req.headers as { 'content-type': string } });
    const fields: Record<string, string> = {};
    const paths: string[] = [];
    let size = 0;
    let writing = 0;
    let parsed = false;
    const answer = () => {
      if (!parsed || writing > 0) return;
      const body = JSON.stringify({ title: fields.title, size });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    res.once('close', () => {
      for (const path of paths) unlink(path, () => {});
    });
    busboy.on('field', (name: string, value: string) => (fields[name] = value));
    busboy.on('file', (_name: string, stream: NodeJS.ReadableStream) => {
      const path = join(tmpdir(), `bench-upload-${randomBytes(16).toString('hex')}`);
      paths.push(path);
      writing++;
      const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      out.once('finish', () => {
        writing--;
        answer();
      });
      stream.pipe(out);
    });
    busboy.on('finish', () => {
      parsed = true;
      answer();
    });
    req.pipe(busboy);
  }),
);
