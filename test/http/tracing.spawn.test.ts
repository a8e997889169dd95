import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('http/tracing with the real @opentelemetry/instrumentation-http (a process of its own)', function () {
  this.timeout(120_000);

  it('the server span is named GET /v1/users/:id and carries http.route; an unmatched request keeps its plain name', () => {
    const result = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register', '-r', 'reflect-metadata', join(root, 'test/fixtures/traced-server.ts'), '/v1/users/7', '/v1/users/x', '/nothing'],
      { cwd: root, encoding: 'utf8', timeout: 110_000 },
    );
    expect(result.status, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal({
      statuses: [200, 400, 404],
      spans: [
        { name: 'GET /v1/users/:id', route: '/v1/users/:id' },
        { name: 'GET /v1/users/:id', route: '/v1/users/:id' },
        { name: 'GET', route: null },
      ],
    });
  });
});
