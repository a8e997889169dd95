import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Context } from 'koa';
import { BaseVersioning, Controller, createApp, Get, ImproperlyConfigured, Version } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

/** A scheme of the app's own: the version in `X-API-Version`, described for tools. */
class HeaderVersioning extends BaseVersioning {
  readonly vary = ['X-API-Version'];
  determineVersion(ctx: Context) {
    return this.accept(ctx.get('X-API-Version') || this.defaultVersion);
  }
  describe() {
    return this.describeAs('header', 'X-API-Version');
  }
}

/** The same scheme, silent about how it carries the version. */
class SilentVersioning extends BaseVersioning {
  determineVersion(ctx: Context) {
    return this.accept(ctx.get('X-API-Version') || this.defaultVersion);
  }
}

@Controller('/ping')
class Ping {
  @Get('', 'ping') ping(@Version() version: string) {
    return { version };
  }
}

describe('waymark client: a versioning scheme of the app’s own', function () {
  this.timeout(60_000);
  const scratch = join(__dirname, '..', '..', '.tmp', 'client-custom-scheme');
  let server: Server;
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => {
    server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is described in app.versioningInfo and its document names the header', () => {
    const app = createApp({ routes: [Ping], versioning: new HeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
    expect(app.versioningInfo).to.deep.equal({ scheme: 'HeaderVersioning', carrier: 'header', parameter: 'X-API-Version', defaultVersion: '1', allowedVersions: ['1', '2'], deprecations: [] });
    const document = app.openapi({ version: '2' }) as unknown as { paths: Record<string, { get: { parameters: unknown[] } }>; 'x-waymark-versioning': unknown };
    expect(document['x-waymark-versioning']).to.deep.include({ scheme: 'header', header: 'X-API-Version', version: '2' });
    expect(document.paths['/ping'].get.parameters).to.deep.include({
      name: 'X-API-Version',
      in: 'header',
      required: true,
      description: 'The API version: send 2 to be answered by this version.',
      schema: { type: 'string', enum: ['2'] },
    });
  });

  it('generates a client that sends each version in the scheme’s header', async () => {
    const app = createApp({ routes: [Ping], versioning: new HeaderVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const file = join(scratch, 'client.ts');
    writeFileSync(file, generateClient(clientSourceOf(app, 'waymark client app.ts')));
    type Reply = { status: number; body: unknown };
    const { createClient } = require(file) as { createClient(options: { baseUrl: string; version?: string }): { call(name: string): Promise<Reply> } };
    const baseUrl = `http://127.0.0.1:${port}`;
    expect(await createClient({ baseUrl, version: '2' }).call('ping')).to.deep.include({ status: 200, body: { version: '2' } });
    expect(await createClient({ baseUrl, version: '1' }).call('ping')).to.deep.include({ status: 200, body: { version: '1' } });
    expect(await createClient({ baseUrl }).call('ping')).to.deep.include({ status: 200, body: { version: '1' } });
  });

  it('refuses a scheme without describe(), naming the method to add', () => {
    const app = createApp({ routes: [Ping], versioning: new SilentVersioning({ defaultVersion: '1', allowedVersions: ['1', '2'] }) });
    expect(app.versioningInfo).to.deep.include({ scheme: 'SilentVersioning', carrier: null, allowedVersions: ['1', '2'] });
    expect(() => clientSourceOf(app, 'waymark client app.ts'))
      .to.throw(ImproperlyConfigured)
      .with.property('message')
      .that.matches(/SilentVersioning carries the version: give it a describe\(\) method/);
  });
});
