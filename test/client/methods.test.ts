import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { Body, Controller, createApp, Get, Param, Route } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false };

const KEY = { type: 'object', properties: { purged: { type: 'string' } }, required: ['purged'] } as const;
const FOUND = { type: 'array', items: { type: 'string' } } as const;
const QUERY = { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } as const;

@Controller('/cache')
class Cache {
  @Get('/:key', 'cache-show') show(@Param('key') key: string) {
    return { key };
  }
  @Route('PURGE', '/:key', { name: 'cache-purge', responses: { 200: { schema: KEY } } }) purge(@Param('key') key: string) {
    return { purged: key };
  }
  @Route('QUERY', '/search', { name: 'cache-search', responses: { 200: { schema: FOUND } } }) search(@Body({ schema: QUERY }) body: { term: string }) {
    return [`${body.term}-1`, `${body.term}-2`];
  }
}

type Reply = { status: number; body: unknown };
interface Generated {
  createClient(options: { baseUrl: string }): { cachePurge(args: object): Promise<Reply>; cacheSearch(args: object): Promise<Reply> };
}

// The generator reads each version's 3.2 document, which lists QUERY as `query` and other methods under
// `additionalOperations` (docs/client.md#what-it-is-built-from), whatever version the app writes its documents in.
describe('waymark client: routes for other methods (docs/methods.md)', function () {
  this.timeout(60_000);
  const scratch = join(__dirname, '..', '..', '.tmp', 'client-methods');
  let server: Server;
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => {
    server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const oas of ['3.1', '3.2'] as const) {
    it(`has an operation for a PURGE and a QUERY route, typed, compiled strict, and calls them live (documents in ${oas})`, async () => {
      const app = createApp({ routes: [Cache], openapi: { version: oas } });
      const file = join(scratch, `client-${oas.replace('.', '')}.ts`);
      writeFileSync(file, generateClient(clientSourceOf(app, 'waymark client app.ts')));
      const usage = join(scratch, `usage-${oas.replace('.', '')}.ts`);
      writeFileSync(
        usage,
        [
          `import { createClient } from './client-${oas.replace('.', '')}';`,
          "const client = createClient({ baseUrl: 'http://127.0.0.1:1' });",
          'export async function use(): Promise<string> {',
          "  const purged = await client.cachePurge({ key: 'a' });",
          "  const found = await client.cacheSearch({ body: { term: 'x' } });",
          '  // @ts-expect-error the key is missing',
          '  await client.cachePurge({});',
          '  // @ts-expect-error the term must be a string',
          '  await client.cacheSearch({ body: { term: 1 } });',
          "  await client.call('cache-purge', { key: 'b' });",
          '  if (purged.status !== 200 || found.status !== 200) return "";',
          '  const list: string[] = found.body;',
          '  return purged.body.purged + list.join();',
          '}',
        ].join('\n'),
      );
      const program = ts.createProgram([file, usage], STRICT);
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(diagnostics).to.deep.equal([]);

      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const { createClient } = require(file) as Generated;
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
      expect(await client.cachePurge({ key: 'a b' })).to.deep.include({ status: 200, body: { purged: 'a b' } });
      expect(await client.cacheSearch({ body: { term: 'x' } })).to.deep.include({ status: 200, body: ['x-1', 'x-2'] });
      server.close();
    });
  }
});
