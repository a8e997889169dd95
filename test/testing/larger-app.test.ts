import { expect } from 'chai';
import { checkContract, ContractViolation } from '../../src/testing';
import { libraryApp } from './fixtures/library-app';

describe('checkContract: a larger app (namespaces, URL-path versions, PUT and DELETE, a secured route)', () => {
  it('passes every version, with authorize() giving the secured routes their token', async () => {
    const asked: string[] = [];
    const report = await checkContract(libraryApp(), {
      runs: 40,
      seed: 3,
      authorize: (operation) => {
        asked.push(`${operation.method} ${operation.route} ${operation.version}`);
        expect(operation.security).to.deep.equal([{ bearerAuth: [] }]);
        return { Authorization: 'Bearer s3cret' };
      },
    });
    expect(asked).to.include.members(['POST catalog:authors:create v1', 'PUT catalog:authors:replace v2', 'DELETE catalog:authors:remove v2']);
    const statuses = (route: string, version: string) => report.operations.find((each) => each.route === route && each.version === version)?.statuses;
    // create leads to detail: the detail route answers 200 for made authors, not only for author 1.
    expect(statuses('catalog:authors:create', 'v2')).to.include.members([201, 400]);
    expect(statuses('catalog:authors:detail', 'v2')).to.include.members([200, 404]);
    expect(statuses('catalog:authors:remove', 'v1')).to.include(204);
    expect(report.operations.map((each) => each.version)).to.include.members(['v1', 'v2']);
  });

  it('without authorize(), the secured routes answer their documented 401 and the check still passes', async () => {
    const report = await checkContract(libraryApp(), { runs: 20, seed: 3, versions: ['v1'] });
    expect(report.operations.find((each) => each.route === 'catalog:authors:create')?.statuses).to.include(401);
  });

  it('skip leaves routes out by full name or by the end of it', async () => {
    const report = await checkContract(libraryApp(), { runs: 5, seed: 3, versions: ['v2'], skip: ['authors:create', 'catalog:authors:replace', 'remove'] });
    expect(report.operations.map((each) => each.route)).to.have.members(['catalog:authors:list', 'catalog:authors:detail', 'health']);
  });

  it('fails when a secured route lies about what it answers a signed-in client', async () => {
    const app = libraryApp();
    app.silent = true;
    app.use(async (ctx, next) => {
      await next();
      if (ctx.method === 'PUT' && ctx.status === 200) ctx.body = { id: 'x' };
    });
    const error = await checkContract(app, { runs: 40, seed: 3, versions: ['v1'], authorize: () => ({ authorization: 'Bearer s3cret' }) }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(ContractViolation);
    expect((error as ContractViolation).failures.map((failure) => failure.operation.route)).to.deep.equal(['catalog:authors:replace']);
  });
});
