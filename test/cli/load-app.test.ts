import { expect } from 'chai';
import { join } from 'node:path';
import { root, run, runAsync } from './run';

describe('cli/load-app: compiled JavaScript always loads (docs/cli.md#loading-typescript)', () => {
  const names = (out: string) => (JSON.parse(out) as { name: string | null }[]).map((row) => row.name);

  it('an ES module (.mjs) that require() can take, at once', () => {
    const result = run(['routes', join(root, 'test/fixtures/cli/esm-app.mjs'), '--json']);
    expect(result.status, result.err).to.equal(0);
    expect(names(result.out)).to.include('books-detail');
  });

  it('an ES module with top-level await, through import(), its default export', async () => {
    const pending = run(['routes', join(root, 'test/fixtures/cli/esm-await.mjs'), '--json']).status;
    expect(pending, 'the command answers once the module has loaded').to.be.instanceOf(Promise);
    await pending;
    const result = await runAsync(['routes', join(root, 'test/fixtures/cli/esm-await.mjs'), '--json']);
    expect(result.status, result.err).to.equal(0);
    expect(names(result.out)).to.include('books-detail');
  });
});
