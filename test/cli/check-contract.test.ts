import { expect } from 'chai';
import { join } from 'node:path';
import { root, runAsync as run } from './run';

describe('cli/check-contract', () => {
  it('checks the sample app and prints each operation with the statuses it answered', async () => {
    const { status, out, err } = await run(['check-contract', join(root, 'examples/app.ts'), '--runs', '10', '--seed', '4', '--skip', 'docs:asset']);
    expect(status, err).to.equal(0);
    expect(out).to.match(/^POST +\/users +users-create +- +\d+ requests +201\b/m);
    expect(out).to.not.contain('docs:asset');
    expect(out).to.match(/operations kept their documents \(seed 4\)\.$/);
  });

  it('exits 1 naming the operation, with the shrunk request and the response, when the app breaks its document', async () => {
    const { status, err } = await run(['check-contract', join(root, 'test/fixtures/cli/lying-app.ts'), '--runs', '5']);
    expect(status).to.equal(1);
    expect(err).to.contain('1. jobs-list (GET /jobs): answered 202, a status the operation does not document');
    expect(err).to.match(/request: GET \/jobs\n/);
    expect(err).to.contain('response: 202 application/json');
  });

  it('refuses a --runs that is not an integer and a version the app does not allow', async () => {
    const runs = await run(['check-contract', join(root, 'examples/app.ts'), '--runs', 'many']);
    expect(runs.status).to.equal(1);
    expect(runs.err).to.contain("--runs takes an integer; got 'many'");
    const version = await run(['check-contract', join(root, 'test/fixtures/cli/lying-app.ts'), '--version', 'v9']);
    expect(version.status).to.equal(1);
    expect(version.err).to.contain('versions ["v9"] were asked of an app without versioning');
  });
});
