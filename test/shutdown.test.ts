import { expect } from 'chai';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully, Controller, createApp, Get } from '../src';

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

/** closeGracefully: reliability.md §2.11 rows T5 and T6. */
describe('shutdown', () => {
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
