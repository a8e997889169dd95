import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { createSampleApp, sampleVersions } from '../../examples/app';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const scratch = join(__dirname, '..', '..', '.tmp', 'client-test');
const SCHEMES = ['none', 'url-path', 'namespace', 'accept-header', 'host-name', 'query-parameter'] as const;
const STRICT: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false };

/** A fetch that sends every request to 127.0.0.1 with the URL's host in `Host`: the host-name scheme's `v1.api.localhost` resolves nowhere else. */
function loopbackFetch(port: number) {
  return (url: URL, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = { host: url.host };
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      const req = httpRequest({ host: '127.0.0.1', port, method: init.method, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out = new Headers();
          for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) out.set(key, Array.isArray(value) ? value.join(', ') : value);
          resolve(new Response(res.statusCode === 204 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: out }));
        });
      });
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
}

type Reply = { status: number; body: unknown; deprecation: string | null };
type Call = (name: string, args?: Record<string, unknown>) => Promise<Reply>;
interface Generated {
  createClient(options: { baseUrl: string; version?: string; fetch?: unknown }): { call: Call } & Record<string, unknown>;
}

describe('waymark client: a generated client of the sample app, under every scheme', function () {
  this.timeout(120_000);
  const servers: Server[] = [];
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => {
    for (const server of servers) server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Each scheme's client, generated against an app listening on its own port. */
  async function generate(scheme: (typeof SCHEMES)[number]): Promise<{ file: string; port: number }> {
    const probe = createSampleApp(scheme === 'none' ? undefined : scheme, '0').listen(0);
    await new Promise((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as AddressInfo;
    probe.close();
    const app = createSampleApp(scheme === 'none' ? undefined : scheme, String(port));
    const server = app.listen(port);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const file = join(scratch, `${scheme}.ts`);
    writeFileSync(file, generateClient(clientSourceOf(app, 'waymark client examples/app.ts')));
    return { file, port };
  }

  const generated = new Map<string, { file: string; port: number }>();
  before(async () => {
    for (const scheme of SCHEMES) generated.set(scheme, await generate(scheme));
  });

  it('compiles with strict, and refuses a misspelt method, a missing parameter and a wrong body at compile time', () => {
    const usage = join(scratch, 'usage.ts');
    writeFileSync(
      usage,
      [
        "import { createClient } from './url-path';",
        "const client = createClient({ baseUrl: 'http://localhost:3000', version: 'v2' });",
        'export async function use(): Promise<string> {',
        '  const found = await client.usersDetail({ id: 1 });',
        "  if (found.status === 404) return found.body.title; // narrowed to the problem document",
        '  if (found.status === 200) {',
        '    const user: { data: { id: number; name: string }; links: { self: string } } = found.body; // narrowed to v2 200 schema',
        "    // @ts-expect-error v2 sends no passwordHash: the schema does not declare it",
        '    found.body.data.passwordHash;',
        '    return user.data.name;',
        '  }',
        '  // @ts-expect-error a misspelt method',
        '  client.userDetail({ id: 1 });',
        '  // @ts-expect-error the id is missing',
        '  client.usersDetail({});',
        '  // @ts-expect-error the body must have a string name',
        '  client.usersCreate({ body: { name: 1 } });',
        "  // @ts-expect-error no such route in this version's call()",
        "  client.call('users-nope');",
        "  await client.call('users-search', { name: 'a' });",
        "  // @ts-expect-error v4 is not a version of the app",
        "  createClient({ baseUrl: 'http://localhost', version: 'v4' });",
        "  return String(found.status satisfies 400 | 406);",
        '}',
        // Each version's client is typed by that version's own document, derived by the history.
        "const v1 = createClient({ baseUrl: 'http://localhost:3000', version: 'v1' });",
        "const v3 = createClient({ baseUrl: 'http://localhost:3000', version: 'v3' });",
        'export async function versions(): Promise<string> {',
        '  const old = await v1.usersDetail({ id: 1 });',
        '  const now = await v3.usersDetail({ id: 1 });',
        '  if (old.status !== 200 || now.status !== 200) return "";',
        '  const flat: { id: number; name: string; url: string } = old.body;',
        '  const wrapped: { data: { id: number; displayName: string }; links: { self: string } } = now.body;',
        '  // @ts-expect-error v1 has no displayName: v3 renamed name to it',
        '  old.body.displayName;',
        '  // @ts-expect-error v3 has no name any more',
        '  now.body.data.name;',
        "  await v1.usersCreate({ body: { name: 'Ada' } });",
        "  await v3.usersCreate({ body: { displayName: 'Ada' } });",
        "  // @ts-expect-error a v3 body says displayName",
        "  await v3.usersCreate({ body: { name: 'Ada' } });",
        "  // @ts-expect-error v1 has no users-search: v2 added it",
        "  await v1.call('users-search', { name: 'a' });",
        '  return flat.name + wrapped.data.displayName;',
        '}',
      ].join('\n'),
    );
    const files = [...[...generated.values()].map(({ file }) => file), usage];
    const program = ts.createProgram(files, STRICT);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).to.deep.equal([]);
  });

  for (const scheme of SCHEMES) {
    it(`talks to the app under ${scheme}: each version's own shape, problem documents, a created user`, async () => {
      const { file, port } = generated.get(scheme) as { file: string; port: number };
      const { createClient } = require(file) as Generated;
      const origin = `http://${scheme === 'host-name' ? 'api.localhost' : 'localhost'}:${port}`;
      const versions = scheme === 'none' ? [undefined] : sampleVersions;
      for (const version of versions) {
        const client = createClient({ baseUrl: origin, version, fetch: loopbackFetch(port) });
        const prefix = scheme === 'namespace' ? `${version}:` : '';
        const found = await client.call(`${prefix}users-detail`, { id: 1 });
        expect(found.status, `${scheme} ${version}`).to.equal(200);
        if (version === 'v3') expect(found.body).to.deep.include({ data: { id: 1, displayName: 'Ada' } });
        else if (version === 'v2') expect(found.body).to.deep.include({ data: { id: 1, name: 'Ada' } });
        else expect(found.body).to.deep.include({ id: 1, name: 'Ada' });
        const missing = await client.call(`${prefix}users-detail`, { id: 99 });
        expect(missing.status).to.equal(404);
        expect(missing.body).to.include({ detail: 'No such user.' });
        const field = version === 'v3' ? 'displayName' : 'name';
        const created = await client.call(`${prefix}users-create`, { body: { [field]: `Zed ${version}` } });
        expect(created.status).to.equal(201);
        expect(JSON.stringify(created.body)).to.contain(`"${field}":"Zed ${version}"`);
        const refused = await client.call(`${prefix}users-create`, { body: { [field]: 7 } });
        expect(refused.status).to.equal(400);
      }
    });
  }
});
