// Reading streams over a real socket: what a client of docs/streams.md receives, byte for byte.
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
