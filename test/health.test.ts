import { expect } from 'chai';
import { once } from 'node:events';
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { closeGracefully, Controller, createApp, Get, health, ImproperlyConfigured, include, URLPathVersioning } from '../src';

@Controller('/orders')
class Orders {
  @Get('', 'orders') list() {
    return [];
  }
}

async function listen(server: Server): Promise<number> {
  if (!server.listening) await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('health()', () => {
  it('answers 200 {"status":"pass"}, not cached, while the process serves', async () => {
    const app = createApp({ routes: [Orders, health()] });
    const response = await request(app.callback()).get('/health').expect(200);
    expect(response.body).to.deep.equal({ status: 'pass' });
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(app.url('health')).to.equal('/health');
  });

  it('answers alike under a versioning scheme (versioning is off on it)', async () => {
    const versioning = new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
    const app = createApp({ routes: [include('/:version', [Orders]), health()], versioning });
    await request(app.callback()).get('/health').expect(200, { status: 'pass' });
    await request(app.callback()).get('/v2/orders').expect(200);
  });

  it('takes a path and a name', async () => {
    const app = createApp({ routes: [health({ path: '/-/ready', name: 'ready' })] });
    expect(app.url('ready')).to.equal('/-/ready');
    await request(app.callback()).get('/-/ready').expect(200);
    await request(app.callback()).get('/health').expect(404);
  });

  it('during the readiness delay: 503 from health, every other route served on a kept-alive connection; then the listener closes', async () => {
    const server = createApp({ routes: [Orders, health()] }).listen(0, '127.0.0.1');
    const port = await listen(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/health', agent)).status).to.equal(200);
    const closed = closeGracefully(server, { readinessDelay: 300, timeout: 2000 });
    const checked = await get(port, '/health', agent);
    expect(checked.status).to.equal(503);
    expect(checked.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(JSON.parse(checked.body)).to.include({ status: 503, detail: 'The server is shutting down.' });
    const served = await get(port, '/orders', agent);
    expect(served.status).to.equal(200);
    expect(served.headers.connection).to.equal('keep-alive');
    expect(server.listening).to.equal(true);
    await closed;
    expect(server.listening).to.equal(false);
    agent.destroy();
  });

  it("closing one app's server leaves another app's health route at 200", async () => {
    const first = createApp({ routes: [health()] }).listen(0, '127.0.0.1');
    const second = createApp({ routes: [health()] }).listen(0, '127.0.0.1');
    const [, port] = [await listen(first), await listen(second)];
    const closed = closeGracefully(first, { readinessDelay: 100 });
    expect((await get(port, '/health')).status).to.equal(200);
    await closed;
    second.close();
  });

  it('refuses a bad path, name or option when the app is built', () => {
    for (const options of [{ path: 'health' }, { path: '/health/' }, { path: '' }, { path: '/:check' }, { path: '/health{/:x}' }, { path: '/*rest' }, { name: '' }, { name: 7 }, { timeout: 1 }]) {
      expect(() => health(options as never), JSON.stringify(options)).to.throw(ImproperlyConfigured);
    }
  });

  it('closeGracefully refuses a readinessDelay that is not a number of milliseconds', () => {
    const server = createApp({ routes: [] }).listen(0, '127.0.0.1');
    for (const readinessDelay of [-1, Number.NaN, Infinity, '1000']) {
      expect(() => closeGracefully(server, { readinessDelay: readinessDelay as number }), String(readinessDelay)).to.throw(ImproperlyConfigured);
    }
    server.close();
  });
});

describe('health(): reporting', () => {
  it('a readiness 503 is not reported on the app\'s error event', async () => {
    const app = createApp({ routes: [health()] });
    const reported: unknown[] = [];
    app.on('error', (error) => reported.push(error));
    const server = app.listen(0, '127.0.0.1');
    const port = await listen(server);
    const closed = closeGracefully(server, { readinessDelay: 100 });
    expect((await get(port, '/health')).status).to.equal(503);
    await closed;
    expect(reported).to.deep.equal([]);
  });
});
