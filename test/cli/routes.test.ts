import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, run } from './run';

describe('cli/routes', () => {
  it('prints the route table aligned, with versions and handlers', () => {
    const { status, out } = run(['routes', join(root, 'test/fixtures/versioned-app.ts')]);
    expect(status).to.equal(0);
    expect(out.split('\n')).to.deep.equal([
      // `/anon` is the literal `:id` takes in every version the earlier routes serve, as app.openapi() says too.
      'METHOD  PATH              NAME       VERSIONS  REQUIREMENTS  HANDLER           NOTE',
      'GET     /api/things/:id   api:thing  v1        -             Things.v1',
      'GET     /api/things/:id   api:thing  v2,null   -             Things.v2',
      'GET     /api/things/anon  -          *         -             Things.anonymous  v1,v2,null shadowed by api:thing',
    ]);
  });

  it('prints JSON with --json', () => {
    const { status, out } = run(['routes', join(root, 'test/fixtures/versioned-app.ts'), '--json']);
    expect(status).to.equal(0);
    expect(JSON.parse(out)[1]).to.deep.equal({ method: 'GET', pattern: '/api/things/:id', name: 'api:thing', versions: ['v2', null], requirements: {}, handler: 'Things.v2', shadowedBy: null, sharesNameWith: null });
  });

  it('shows requirements, and marks a route an earlier one hides ("shadowed by <name>")', () => {
    const { status, out } = run(['routes', join(root, 'test/fixtures/cli/shadowed.ts')]);
    expect(status).to.equal(0);
    expect(out.split('\n')).to.deep.equal([
      'METHOD  PATH             NAME          VERSIONS  REQUIREMENTS  HANDLER        NOTE',
      'GET     /things/:id      detail        *         id=\\d+        Things.detail',
      'GET     /things/:id      by-slug       *         id=[a-z-]+    Things.bySlug',
      'GET     /things/:id      detail-again  *         id=\\d+        Things.again   shadowed by detail',
      'GET     /things/old/:id  old           v1        -             Things.old',
      'GET     /things/old/:id  old-v2        v1,v2     -             Things.oldV2   v1 shadowed by old',
      'GET     /things/old/:id  old-v3        v3        -             Things.oldV3',
      'ALL     /things/any      -             *         -             Things.any',
      'GET     /things/any      any-get       *         -             Things.anyGet  shadowed by by-slug', // the first declared route that takes GET /things/any
    ]);
    const rows = JSON.parse(run(['routes', join(root, 'test/fixtures/cli/shadowed.ts'), '--json']).out);
    expect(rows[2]).to.deep.include({ requirements: { id: '\\d+' }, shadowedBy: { route: 'detail', versions: null } });
    expect(rows[4].shadowedBy).to.deep.equal({ route: 'old', versions: ['v1'] });
  });

  it('exits 1 with a message when the module exports no app', () => {
    const missing = run(['routes', join(root, 'test/fixtures/controllers.ts')]);
    expect(missing.status).to.equal(1);
    expect(missing.err).to.contain('exports no waymark app');
  });

  it('prints the table and exits on a module that listens on import; what the module prints goes to stderr', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'routes', 'test/fixtures/cli/listens.ts', '--json'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    expect([result.status, result.signal], result.stderr).to.deep.equal([0, null]);
    expect(JSON.parse(result.stdout).map((row: { name: string }) => row.name)).to.deep.equal(['ping']);
    expect(result.stderr).to.contain('starting');
  });

  it("shows the stack of an error the module throws while loading, and exits 1", () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'routes', 'test/fixtures/cli/throws.ts'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain('waymark routes: test/fixtures/cli/throws.ts threw while loading:\nError: no database at db.invalid\n');
    expect(result.stderr).to.match(/at connectToDatabase \(.*test\/fixtures\/cli\/throws\.ts:4:9\)/);
  });

  it('runs as the waymark binary on the sample app, whose history says which versions have users-search', () => {
    const env = { ...process.env, VERSIONING: 'query-parameter' };
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'routes', 'examples/app.ts'], { cwd: root, env, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^GET +\/users\/:id +users-detail +\* +id=\\d\+ +UsersController\.detail$/m);
    expect(result.stdout).to.match(/^GET +\/users\/search +users-search +v3,v2,null +- +UsersController\.search$/m);
  });
});
