import { expect } from 'chai';
import { PassThrough } from 'node:stream';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { closeGracefully, Controller, createApp, Get } from '../src';
import { exchange } from './reliability/helpers';

let release: (() => void) | undefined;

@Controller()
class Slow {
  @Get('/wait', 'wait') wait() {
    return new Promise((resolve) => (release = () => resolve({ done: true })));
  }
  @Get('/stream', 'stream') stream() {
    const body = new PassThrough();
    body.write('[');
    release = () => body.end(']');
    return body;
  }
  @Get('/fast', 'fast') fast() {
    return { fast: true };
  }
}

async function listening(server: ReturnType<ReturnType<typeof createApp>['listen']>): Promise<number> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** closeGracefully: draining on shutdown (docs/deployment.md, docs/reference/hostile-input.md#limits-and-settings). */
describe('shutdown', () => {
  it('T5: shutdown refuses new connections, finishes in-flight work, and closes idle keep-alive sockets at once', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    const port = await listening(server);
    server.keepAliveTimeout = 60_000;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    await get(port, '/fast', agent);
    release = undefined as (() => void) | undefined;
    const inFlight = get(port, '/wait', agent);
    // In flight: in the handler, not after a fixed wait (on a loaded machine the request could still be connecting).
    while (release === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    const closed = closeGracefully(server, { timeout: 10_000 });
    const refused = await get(port, '/fast').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).to.equal('ECONNREFUSED');
    release?.();
    expect(await inFlight).to.deep.equal({ status: 200, body: '{"done":true}' });
    await closed;
    expect(server.listening).to.equal(false);
    agent.destroy();
  });

  it('T5: a request that never finishes is cut at the deadline', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    const port = await listening(server);
    release = undefined as (() => void) | undefined;
    const stuck = get(port, '/wait').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    while (release === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    await closeGracefully(server, { timeout: 200 });
    expect(await stuck).to.equal('ECONNRESET');
    release?.();
  });

  it('T6: closing twice is the same close', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    await listening(server);
    const first = closeGracefully(server);
    expect(closeGracefully(server)).to.equal(first);
    await first;
  });
});

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

describe('shutdown (docs/deployment.md#shutting-down-gracefully)', () => {
  it('a response finished while draining said keep-alive, then the socket was closed under the client', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    const port = await listening(server);
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const answered = exchange(port, GET('/wait'), 3000);
    await arrived; // the request is in flight before the drain begins (an event, not a timer)
    const closed = closeGracefully(server, { timeout: 2000 });
    release?.();
    const out = await answered;
    await closed;
    expect(out).to.match(/^HTTP\/1\.1 200/);
    expect(out).to.match(/\r\nConnection: close\r\n/i);
    expect(out).not.to.match(/keep-alive/i);
  });

  it('a request arriving on a kept-alive connection after the drain began is answered 503 with Connection: close', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    const port = await listening(server);
    // Ordered by events, not timers: the first response is streaming (its head, saying keep-alive, has
    // reached the client) when the drain begins, the second request is written after that, and the first
    // is released only once the server has read the second.
    const second = new Promise<void>((resolve) => {
      let seen = 0;
      server.on('request', () => ++seen === 2 && resolve());
    });
    const socket = connect(port, '127.0.0.1');
    let out = '';
    const streaming = new Promise((resolve) => socket.once('data', resolve));
    socket.on('data', (chunk) => (out += chunk.toString('latin1')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(GET('/stream'));
    await streaming;
    const closed = closeGracefully(server, { timeout: 5000 });
    socket.write(GET('/fast'));
    await second;
    release?.();
    await ended;
    await closed;
    const statuses = [...out.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).to.deep.equal([200, 503]);
    const refused = out.slice(out.indexOf('HTTP/1.1 503'));
    expect(refused).to.match(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).to.include({ status: 503, detail: 'The server is shutting down.' });
  });
});
