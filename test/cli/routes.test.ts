import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main';

const root = join(__dirname, '..', '..');

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('cli/routes', () => {
  it('prints the route table aligned, with versions and handlers', () => {
    const { status, out } = run(['routes', join(root, 'test/fixtures/versioned-app.ts')]);
    expect(status).to.equal(0);
    expect(out.split('\n')).to.deep.equal([
      'METHOD  PATH              NAME       VERSIONS  HANDLER',
      'GET     /api/things/:id   api:thing  v1        Things.v1',
      'GET     /api/things/:id   api:thing  v2,null   Things.v2',
      'GET     /api/things/anon  -          *         Things.anonymous',
    ]);
  });

  it('prints JSON with --json', () => {
    const { status, out } = run(['routes', join(root, 'test/fixtures/versioned-app.ts'), '--json']);
    expect(status).to.equal(0);
    expect(JSON.parse(out)[1]).to.deep.equal({ method: 'GET', pattern: '/api/things/:id', name: 'api:thing', versions: ['v2', null], handler: 'Things.v2' });
  });

  it('exits 1 with a message when the module exports no app, and 2 on bad usage', () => {
    const missing = run(['routes', join(root, 'test/fixtures/controllers.ts')]);
    expect(missing.status).to.equal(1);
    expect(missing.err).to.contain('exports no waymark app');
    expect(run(['routes']).status).to.equal(2);
    expect(run(['nope']).err).to.contain('usage:');
  });

  it('runs as the waymark binary on the sample app', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/waymark.js'), 'routes', 'examples/app.ts'], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.contain('GET     /users/:id  users-detail  v1,null   UsersController.detail');
  });
});
