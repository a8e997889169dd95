import { expect } from 'chai';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { closeGracefully, Controller, createApp, Get } from '../../src';

let release: (() => void) | undefined;

@Controller()
class Slow {
  @Get('/wait', 'wait') wait() {
    return new Promise((resolve) => (release = () => resolve({ done: true })));
  }
  @Get('/fast', 'fast') fast() {
    return { fast: true };
  }
}

async function listening(server: ReturnType<typeof createServer>): Promise<number> {
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

/** reliability.md §2.11: load, time and shutdown. */
describe('reliability: time and shutdown', () => {
  it('T1: app.listen keeps Node’s guards against slow clients on', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    await listening(server);
    expect(server.headersTimeout).to.be.within(1, 60_000);
    expect(server.requestTimeout).to.be.within(server.headersTimeout, 300_000);
    expect(server.maxHeadersCount ?? 2000).to.be.within(1, 2000);
    server.close();
  });

  it('T2: a slowloris client gets 408 once headersTimeout passes', async () => {
    const server = createServer({ headersTimeout: 300, requestTimeout: 1000, connectionsCheckingInterval: 50 }, createApp({ routes: [Slow] }).callback());
    server.listen(0, '127.0.0.1');
    const port = await listening(server);
    try {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let out = '';
        socket.write('GET /fast HTTP/1.1\r\nHost: h\r\n');
        const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
        const stop = setTimeout(() => socket.destroy(), 5000);
        socket.on('data', (chunk) => (out += chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          clearTimeout(stop);
          resolve(out);
        });
      });
      expect(answer).to.match(/^HTTP\/1\.1 408/);
    } finally {
      server.close();
    }
  });

  it('T5: shutdown refuses new connections, finishes in-flight work, and closes idle keep-alive sockets at once', async () => {
    const server = createApp({ routes: [Slow] }).listen(0, '127.0.0.1');
    const port = await listening(server);
    server.keepAliveTimeout = 60_000;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    await get(port, '/fast', agent);
    const inFlight = get(port, '/wait', agent);
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    const stuck = get(port, '/wait').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
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
