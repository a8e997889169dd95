import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully, Controller, createApp, Get, ImproperlyConfigured } from '../../../src';

// docs/deployment.md#shutting-down-gracefully and docs/declaring-what-handlers-decide.md: what is wrong on every request fails at build.

describe('RouteOptions.headers that Node cannot send (class 10)', () => {
  for (const value of ['caf\u00e9 \u2603', 'a\u0001b', 'tab\tok\u007f']) {
    it(`${JSON.stringify(value)}: ImproperlyConfigured when the app is built`, () => {
      @Controller('/h')
      class Headers {
        @Get('', { name: 'h', headers: { 'X-Note': value } }) h() {
          return {};
        }
      }
      expect(() => createApp({ routes: [Headers] })).to.throw(ImproperlyConfigured, /X-Note/);
    });
  }

  it('a Latin-1 value and a tab build', () => {
    @Controller('/h')
    class Headers {
      @Get('', { name: 'h', headers: { 'X-Note': 'caf\u00e9\tok' } }) h() {
        return {};
      }
    }
    expect(() => createApp({ routes: [Headers] })).not.to.throw();
  });
});

describe('closeGracefully({ timeout }) (class 11)', () => {
  for (const timeout of [Number.NaN, -1, 0, 2 ** 31, '100' as unknown as number]) {
    it(`${String(timeout)}: ImproperlyConfigured, the server left serving`, async () => {
      const server = createServer((_req, res) => res.end('ok'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        expect(() => closeGracefully(server, { timeout })).to.throw(ImproperlyConfigured, /timeout/);
        expect(server.listening).to.equal(true);
      } finally {
        server.close();
      }
    });
  }

  it('Infinity waits for the request in flight', async () => {
    let finish: () => void = () => {};
    const server = createServer((_req, res) => {
      finish = () => res.end('done');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeGracefully(server, { timeout: Infinity });
    // Node would cut it after 1 ms; let several pass before answering.
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    expect(await answer).to.equal('done');
    await closed;
  });
});
