import { expect } from 'chai';
import { richerDocuments } from './richer-app';
import { sampleDocuments } from './sample-documents';

/** @redocly/openapi-core's linter with its `recommended` ruleset: the problems of one document it reports as errors. */
async function lintErrors(document: unknown): Promise<string[]> {
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
  return problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
}

describe('openapi, held against @redocly/cli lint (recommended ruleset)', function () {
  this.timeout(120_000);

  it('reports no error on any document of the sample app (every scheme, every version)', async () => {
    for (const { scheme, version, document } of sampleDocuments()) {
      expect(await lintErrors(document), `${scheme ?? 'unversioned'} ${version ?? ''}`).to.deep.equal([]);
    }
  });

  it('reports no error on any document of a richer app (guards, security, dates, wildcards, bodies; every scheme and version)', async () => {
    for (const { scheme, version, document } of richerDocuments()) {
      expect(await lintErrors(document), `${scheme ?? 'unversioned'} ${version ?? ''}`).to.deep.equal([]);
    }
  });

  it('does report what the documents once lacked (servers, security): the check can fail', async () => {
    const [{ document }] = sampleDocuments();
    const stripped = structuredClone(document) as { servers?: unknown; paths: Record<string, Record<string, { security?: unknown }>> };
    delete stripped.servers;
    for (const item of Object.values(stripped.paths)) for (const operation of Object.values(item)) delete operation.security;
    const errors = await lintErrors(stripped);
    expect(errors.some((error) => error.startsWith('no-empty-servers'))).to.equal(true);
    expect(errors.some((error) => error.startsWith('security-defined'))).to.equal(true);
  });
});
