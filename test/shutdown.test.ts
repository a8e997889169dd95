import { expect } from 'chai';
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully, Controller, createApp, Get } from '../src';

@Controller()
class Slow {
  @Get('/slow', 'slow') async slow() {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  }
}

function get(port: number, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, path: '/slow', agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('shutdown', () => {
  it('lets an in-flight request finish, then closes idle keep-alive connections without waiting for their timeout', async () => {
    const server = createApp({ routes: [Slow] }).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    server.keepAliveTimeout = 60_000;
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(port, agent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let closed = false;
    const closing = closeGracefully(server, { timeout: 5_000 }).then(() => (closed = true));
    expect(closeGracefully(server)).to.equal(closeGracefully(server));
    const answer = await inFlight;
    expect(answer).to.deep.equal({ status: 200, body: '{"done":true}' });
    await closing;
    expect(closed).to.equal(true);
    expect(server.listening).to.equal(false);
    agent.destroy();
  });
});
