import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, createApp, Get, Param } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

@Controller('/users', { host: ':tenant.example.com', namespace: 'tenant' })
class TenantUsers {
  @Get('/:id', 'detail') detail(@Param('tenant') tenant: string, @Param('id') id: number) {
    return { tenant, id };
  }
}

@Controller('/status')
class Status {
  @Get('', 'status') status() {
    return { ok: true };
  }
}

describe('waymark client: routes bound to a host (docs/coming-from-koa-router.md#hosts)', function () {
  this.timeout(60_000);
  const scratch = join(__dirname, '..', '..', '.tmp', 'client-host');
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('sends a host-bound operation to its host, its host parameters filled in, on the base URL’s scheme and port', async () => {
    const app = createApp({ routes: [TenantUsers, Status] });
    const file = join(scratch, 'client.ts');
    writeFileSync(file, generateClient(clientSourceOf(app, 'waymark client app.ts')));
    const sent: string[] = [];
    const fetch = async (input: URL) => {
      sent.push(input.href);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    type Client = { call(name: string, args?: object): Promise<{ status: number }> };
    const { createClient } = require(file) as { createClient(options: { baseUrl: string; fetch: typeof fetch }): Client };
    const client = createClient({ baseUrl: 'http://localhost:8080', fetch });
    await client.call('tenant:detail', { tenant: 'acme', id: 7 });
    await client.call('status');
    expect(sent).to.deep.equal(['http://acme.example.com:8080/users/7', 'http://localhost:8080/status']);
  });
});
