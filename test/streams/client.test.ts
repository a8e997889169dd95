import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { Type } from '@sinclair/typebox';
import { change, Controller, createApp, field, Get, QueryParameterVersioning, serverEvent, VersionHistory } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';
import { eventually, serve } from './helpers';

const scratch = join(__dirname, '..', '..', '.tmp', 'stream-client-test');
const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false };

const UserEvent = Type.Object({ id: Type.Integer(), displayName: Type.String() });
const history = new VersionHistory([
  { version: 'v2', changes: [change({ description: '`name` is now `displayName`.', instructions: [field(UserEvent, 'displayName').had({ name: 'name' })] })] },
  { version: 'v1' },
]);
let finished = 0;

@Controller('/users')
class Users {
  @Get('/events', { name: 'user-events', responses: { 200: { items: UserEvent } } })
  async *events() {
    yield { id: 1, displayName: 'Ada' };
    yield serverEvent({ data: { id: 2, displayName: 'Grace' }, id: '2' });
  }
  @Get('/forever', { name: 'user-forever', responses: { 200: { items: UserEvent } } })
  async *forever() {
    try {
      for (let id = 0; ; id++) {
        yield { id, displayName: 'x' };
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      finished++;
    }
  }
  @Get('/failing', { name: 'user-failing', responses: { 200: { items: UserEvent } } })
  async *failing() {
    yield { id: 1, displayName: 'Ada' };
    throw new Error('lost the feed');
  }
}

type Stream = AsyncIterable<Record<string, unknown>>;
interface Generated {
  createClient(options: { baseUrl: string; version?: string; fetch?: unknown; headers?: Record<string, string> }): { call(name: string, args?: Record<string, unknown>): Stream } & Record<string, unknown>;
}

async function all(stream: Stream): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('streams: the typed client (docs/streams.md#in-the-documents)', function () {
  this.timeout(120_000);
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  for (const oas of ['3.1', '3.2'] as const) {
    it(`from ${oas} documents: stream operations are AsyncIterables of each version's item type, compiled strict, read live in both formats`, async () => {
      const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history, openapi: { version: oas } });
      const file = join(scratch, `client-${oas.replace('.', '')}.ts`);
      writeFileSync(file, generateClient(clientSourceOf(app, 'test')));
      const usage = join(scratch, `usage-${oas.replace('.', '')}.ts`);
      writeFileSync(
        usage,
        [
          `import { createClient } from './client-${oas.replace('.', '')}';`,
          "const v1 = createClient({ baseUrl: 'http://localhost', version: 'v1' });",
          "const v2 = createClient({ baseUrl: 'http://localhost', version: 'v2' });",
          'export async function use(signal: AbortSignal): Promise<string> {',
          '  let text = "";',
          '  for await (const item of v1.userEvents({ signal })) text += item.name + item.id;',
          '  for await (const item of v2.userEvents()) {',
          '    const named: string = item.displayName;',
          '    // @ts-expect-error v2 renamed name to displayName',
          '    text += item.name;',
          '    text += named;',
          '  }',
          "  for await (const item of v2.call('user-events')) text += item.displayName;",
          '  return text;',
          '}',
        ].join('\n'),
      );
      const program = ts.createProgram([file, usage], STRICT);
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(diagnostics).to.deep.equal([]);

      app.on('error', () => {}); // the failing stream's error, reported as it should be
      const { server, port } = await serve(app);
      try {
        const { createClient } = require(file) as Generated;
        const v1 = createClient({ baseUrl: `http://127.0.0.1:${port}`, version: 'v1' });
        const v2 = createClient({ baseUrl: `http://127.0.0.1:${port}`, version: 'v2' });
        expect(await all(v1.call('user-events'))).to.deep.equal([{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }]);
        expect(await all(v2.call('user-events'))).to.deep.equal([{ id: 1, displayName: 'Ada' }, { id: 2, displayName: 'Grace' }]);
        const asksSse = createClient({
          baseUrl: `http://127.0.0.1:${port}`,
          version: 'v1',
          fetch: (url: URL, init: RequestInit) => {
            const headers = new Headers(init.headers);
            headers.set('accept', 'text/event-stream');
            return fetch(url, { ...init, headers });
          },
        });
        expect(await all(asksSse.call('user-events'))).to.deep.equal([{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }]);
        // Cancelled with a signal: the server's generator runs its finally.
        const before = finished;
        const leaving = new AbortController();
        const seen: unknown[] = [];
        const reading = (async () => {
          for await (const item of v2.call('user-forever', { signal: leaving.signal })) {
            seen.push(item);
            if (seen.length === 3) leaving.abort();
          }
        })();
        await reading.catch(() => {});
        await eventually(() => finished === before + 1);
        expect(seen).to.have.length(3);
        // One read that holds many items (Bun joins chunks; here a body of one chunk): none comes after the abort.
        const lines = Array.from({ length: 8 }, (_, id) => `${JSON.stringify({ id, displayName: 'x' })}\n`).join('');
        const oneChunk = createClient({ baseUrl: `http://127.0.0.1:${port}`, version: 'v2', fetch: async () => new Response(lines, { headers: { 'content-type': 'application/jsonl' } }) });
        const stopping = new AbortController();
        const got: unknown[] = [];
        const stopped = await (async () => {
          for await (const item of oneChunk.call('user-forever', { signal: stopping.signal })) {
            got.push(item);
            if (got.length === 3) stopping.abort();
          }
        })().catch((error: Error) => error);
        expect([got.length, (stopped as Error | undefined)?.name]).to.deep.equal([3, 'AbortError']);
        // SSE's event: error is a StreamError with the problem document; a cut JSON Lines body, fetch's error.
        const failed = await all(asksSse.call('user-failing')).catch((error: Error & { problem?: unknown }) => error);
        expect((failed as Error).name).to.equal('StreamError');
        expect((failed as { problem: { status: number } }).problem.status).to.equal(500);
        const cut = await all(v1.call('user-failing')).catch((error: Error) => error);
        expect(cut).to.be.instanceOf(Error);
      } finally {
        server.close();
      }
    });
  }
});
