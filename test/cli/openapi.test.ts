import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './run';
import { expectValidOpenApi } from '../openapi/validator';

const fixture = join(root, 'test/fixtures/versioned-app.ts');

describe('cli/openapi', () => {
  it('prints the document of the app a module exports as JSON', async () => {
    const { status, out } = run(['openapi', fixture]);
    expect(status).to.equal(0);
    const document = JSON.parse(out);
    await expectValidOpenApi(document);
    // GET /api/things/anon is answered by the earlier /api/things/:id (registration order): not listed.
    expect(Object.keys(document.paths)).to.deep.equal(['/api/things/{id}']);
    expect(document.paths['/api/things/{id}'].get['x-waymark-route']).to.equal('api:thing'); // the route serving null (no versioning)
  });

  it('writes one version to --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-openapi-'));
    try {
      const file = join(dir, 'v2.json');
      const { status, out } = run(['openapi', join(root, 'examples/app.ts'), '--out', file]);
      expect(status).to.equal(0);
      expect(out).to.equal('');
      const document = JSON.parse(readFileSync(file, 'utf8'));
      await expectValidOpenApi(document);
      expect(document.paths['/users/{id}'].get).to.include({ operationId: 'usersDetail', 'x-waymark-route': 'users-detail' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes --title and --server (repeatable), which win over the app\'s openapi option', async () => {
    const { status, out } = run(['openapi', fixture, '--title', 'Things', '--server', 'https://a.example.test', '--server', 'https://b.example.test']);
    expect(status).to.equal(0);
    const document = JSON.parse(out);
    await expectValidOpenApi(document);
    expect(document.info.title).to.equal('Things');
    expect(document.servers).to.deep.equal([{ url: 'https://a.example.test' }, { url: 'https://b.example.test' }]);
  });

  it('warns on standard error, naming the route, when a schema cannot describe itself; the document is still written with {}', async () => {
    const { status, out, err } = run(['openapi', join(root, 'test/fixtures/cli/undescribed.ts')]);
    expect(status).to.equal(0);
    expect(err).to.match(/^warning: notes-list: opaque does not implement Standard JSON Schema/);
    const document = JSON.parse(out);
    await expectValidOpenApi(document);
    expect(document.paths['/notes'].get.responses['200'].content['application/json'].schema).to.deep.equal({});
  });

  it('exits 1 naming the problem for a version the app does not have, and 2 on bad usage', () => {
    const refused = run(['openapi', fixture, '--version', 'v1']);
    expect(refused.status).to.equal(1);
    expect(refused.err).to.contain('no versioning scheme');
    for (const argv of [['openapi'], ['openapi', fixture, '--version'], ['openapi', fixture, '--json'], ['openapi', fixture, fixture]]) {
      expect(run(argv).status, argv.join(' ')).to.equal(2);
    }
  });

  it('runs as the waymark binary, choosing the version of a versioned sample app', () => {
    const env = { ...process.env, VERSIONING: 'url-path' };
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'openapi', 'examples/app.ts', '--version', 'v2'], { cwd: root, env, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    const document = JSON.parse(result.stdout);
    expect(document.info.version).to.equal('v2');
    expect(document.paths).to.have.property('/v2/users/{id}');
  });
});
