import { expect } from 'chai';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Controller, createApp, Get } from '../../src';

@Controller()
class Slow {
  @Get('/fast', 'fast') fast() {
    return { fast: true };
  }
}

async function listening(server: ReturnType<typeof createServer>): Promise<number> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Hostile input (docs/reference/hostile-input.md): load, time and shutdown (T5 and T6 are in test/shutdown.test.ts, T7 is
 * `npm run test:load`). T1 lists Node's own server defaults, which waymark leaves as they are
 * (app.listen is Koa's), so it has no test here.
 */
describe('reliability: time and shutdown', () => {
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
});
