// Reading streams over a real socket: what a client of docs/streams.md receives, byte for byte.
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Read {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Whether the body ended as HTTP says it should (false: the connection was cut mid-body). */
  complete: boolean;
}

/** Listens on 127.0.0.1 and gives the port. */
export async function serve(app: Koa<any, any>): Promise<{ server: Server; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The whole response, however it ends. */
export function read(port: number, path: string, headers: Record<string, string> = {}): Promise<Read> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { connection: 'close', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, complete: true }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, complete: false }));
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, complete: false }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The response as bytes off the socket, dechunked: for a body cut mid-stream, where Node's own
 * client (22 and later) may drop what it buffered once it sees the body will not complete.
 * `complete`: the chunked body ended with its last chunk. Sizes are read as characters: for ASCII bodies.
 */
export function readRaw(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const lines = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      let rest = raw.slice(split + 4);
      let text = '';
      let complete = false;
      for (;;) {
        const end = rest.indexOf('\r\n');
        if (end < 0) break;
        const size = Number.parseInt(rest.slice(0, end), 16);
        if (size === 0) {
          complete = true;
          break;
        }
        if (rest.length < end + 2 + size) break;
        text += rest.slice(end + 2, end + 2 + size);
        rest = rest.slice(end + 4 + size);
      }
      resolve({ status, text, complete });
    });
  });
}

/** Reads until `until` holds for the text so far, then destroys the connection (a client that goes away). */
export function readThenLeave(port: number, path: string, until: (text: string) => boolean, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (until(text)) {
          req.destroy();
          resolve(text);
        }
      });
      res.on('end', () => reject(new Error(`the stream ended before the client left: ${res.statusCode} ${JSON.stringify(text)}`)));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/** Resolves once `condition` holds, checking every few milliseconds (the test's own timeout bounds it). */
export async function eventually(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The events of an SSE body: each block's fields. */
export function events(text: string): Record<string, string>[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])));
}
