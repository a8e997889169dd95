import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Controller, createApp, Get, HTMLRenderer, JSONRenderer, type Renderer } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const scratch = join(__dirname, '..', '..', '.tmp', 'client-renderers-test');
const csv: Renderer = { mediaType: 'text/csv', format: 'csv', render: () => 'id\n1\n' };
const bytes: Renderer = { mediaType: 'application/octet-stream', render: () => Uint8Array.of(1, 2, 3) };

@Controller('/export')
class Export {
  @Get('/csv', { name: 'csv', renderers: [csv] }) csv() {
    return [{ id: 1 }];
  }
  @Get('/page', { name: 'page', renderers: [HTMLRenderer] }) page() {
    return '<p>hi</p>';
  }
  @Get('/bytes', { name: 'bytes', renderers: [bytes] }) bytes() {
    return 'x';
  }
  @Get('/both', { name: 'both', renderers: [JSONRenderer, csv], responses: { 200: { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } } }) both() {
    return [{ id: 1 }];
  }
}

describe('waymark client: responses that are not JSON', () => {
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('types text/* bodies as strings and others as bytes, and reads them so', async () => {
    const app = createApp({ routes: [Export] });
    const source = generateClient(clientSourceOf(app, 'test'));
    expect(source).to.contain('Reply<200, string>');
    expect(source).to.contain('Reply<200, Uint8Array>');
    expect(source).to.contain('Reply<200, { id?: number }[] | string>');
    const file = join(scratch, 'client.ts');
    writeFileSync(file, source);
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { createClient } = require(file) as { createClient(options: { baseUrl: string }): { call(name: string): Promise<{ status: number; body: unknown }> } };
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
      expect((await client.call('csv')).body).to.equal('id\n1\n');
      expect((await client.call('page')).body).to.equal('<p>hi</p>');
      expect((await client.call('bytes')).body).to.deep.equal(Uint8Array.of(1, 2, 3));
      expect((await client.call('both')).body).to.deep.equal([{ id: 1 }]);
    } finally {
      server.close();
    }
  });
});
