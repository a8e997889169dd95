import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Controller, createApp, Get, Query, type OpenApiDocument } from '../../../src';
import { loopbackFetch } from './loopback-fetch';
import { sampleDocuments, type SampleDocument } from './sample-documents';
import { inlineComponents } from '../validator';

const root = join(__dirname, '..', '..', '..');
const dir = join(root, '.tmp', 'openapi-fetch');

/** The path key and operation of the route named `name` (the last part of its full name). */
function find(document: OpenApiDocument, method: string, name: string): { path: string; parameters: { name: string; in: string; schema: { enum?: string[] } }[] } {
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item[method];
    if (operation && String(operation['x-waymark-route']).split(':').pop() === name) return { path, parameters: (operation.parameters ?? []) as never };
  }
  throw new Error(`no ${method} ${name}`);
}

/** A program calling the sample app through openapi-fetch with the types openapi-typescript generated: it must compile under `strict`. */
function callsFor({ scheme, version, document }: SampleDocument, schemaModule: string): string {
  const list = find(document, 'get', 'users-list');
  const detail = find(document, 'get', 'users-detail');
  const create = find(document, 'post', 'users-create');
  // The name field as this version calls it (v3 renamed it): read from the document, as a client would.
  const body = (inlineComponents(document).paths[create.path].post?.requestBody as { content: Record<string, { schema: { required: string[] } }> }).content['application/json'].schema.required[0];
  const query = scheme === 'query-parameter' ? `query: { version: '${version}' }` : '';
  const headers = scheme === 'accept-header' ? `headers: { Accept: ${JSON.stringify((document['x-waymark-versioning'] as { accept: string }).accept)} },` : '';
  return `import createClient from 'openapi-fetch';
import type { paths } from './${schemaModule}';

export async function run(baseUrl: string, fetch: (input: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl, fetch });
  const list = await client.GET('${list.path}', { params: { ${query} }, ${headers} });
  const detail = await client.GET('${detail.path}', { params: { path: { id: 1 }, ${query} }, ${headers} });
  const created = await client.POST('${create.path}', { params: { ${query} }, body: { ${body}: 'Linus' }, ${headers} });
  return [list, detail, created].map(({ response, data, error }) => ({ status: response.status, type: response.headers.get('content-type'), data, error }));
}
`;
}

describe('openapi, held against openapi-typescript + openapi-fetch', function () {
  this.timeout(300_000);
  const documents = sampleDocuments();
  const names = documents.map(({ scheme, version }) => `${scheme ?? 'unversioned'}-${version ?? 'none'}`.replace(/-/g, '_'));

  before(async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const [index, sample] of documents.entries()) {
      writeFileSync(join(dir, `schema_${names[index]}.ts`), astToString(await openapiTS(sample.document as never)));
      writeFileSync(join(dir, `calls_${names[index]}.ts`), callsFor(sample, `schema_${names[index]}`));
    }
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('generates types for every scheme and version that compile with strict, calls included', () => {
    const files = names.map((name) => join(dir, `calls_${name}.ts`));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', ...files];
    const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).to.equal(0);
  });

  it('types a Date parameter as a string (not unknown, which would accept a Date object and drop the filter)', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    @Controller('/events')
    class Events {
      @Get('', 'events') list(@Query('since') since: Date) {
        return { since };
      }
    }
    const source = astToString(await openapiTS(createApp({ routes: [Events] }).openapi() as never));
    expect(source).to.match(/since\?: string;/);
  });

  it('makes calls that succeed against the running sample app, answered by the version asked for', async () => {
    for (const [index, { scheme, version, app, document }] of documents.entries()) {
      const server = app.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { run } = require(join(dir, `calls_${names[index]}.ts`)) as { run: (baseUrl: string, fetch: unknown) => Promise<{ status: number; type: string; data: unknown }[]> };
        const [list, detail, created] = await run(document.servers[0].url, loopbackFetch((server.address() as AddressInfo).port));
        const where = `${names[index]}`;
        expect([list.status, detail.status, created.status], where).to.deep.equal([200, 200, 201]);
        const user = version === 'v2' || version === 'v3' ? (detail.data as { data: unknown }).data : detail.data;
        expect(user, where).to.deep.include(version === 'v3' ? { id: 1, displayName: 'Ada' } : { id: 1, name: 'Ada' });
        if (scheme === 'accept-header') expect(detail.type, where).to.contain(`version=${version}`);
      } finally {
        server.close();
      }
    }
  });
});
