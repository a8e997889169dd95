import { expect } from 'chai';
import { createApp, QueryParameterVersioning } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';
import { authorsApi } from './fixture';

describe('version history: the artefacts derived from each version', () => {
  const { AuthorsController, history } = authorsApi();
  const app = createApp({ routes: [AuthorsController], versioning: new QueryParameterVersioning({ defaultVersion: '2025-06' }), history });

  it("waymark client types each version from that version's document", () => {
    const source = generateClient(clientSourceOf(app, 'waymark client'));
    const section = (version: string) => {
      const start = source.indexOf(`// ---- version "${version}" ----`);
      expect(start, version).to.be.greaterThan(-1);
      const end = source.indexOf('// ---- version', start + 1);
      return source.slice(start, end === -1 ? undefined : end);
    };
    const oldest = section('2024-09');
    expect(oldest).to.include('"authors:create": { args: { body?: { nationality: string; name: string } }');
    expect(oldest).to.include('"authors:search"');
    expect(oldest).not.to.include('givenName');
    expect(oldest).not.to.include('"authors:books"');
    const head = section('2025-06');
    expect(head).to.include('givenName: string; familyName: string; country: string');
    expect(head).not.to.include('"authors:search"');
  });

  it('app.routes (what waymark routes and waymark types read) says which versions each route serves', () => {
    const versions = Object.fromEntries(app.routes.map((route) => [route.name, route.versions]));
    expect(versions['authors:books']).to.deep.equal(['2025-06', '2025-01', null]);
    expect(versions['authors:search']).to.deep.equal(['2025-01', '2024-09']);
    expect(versions['authors:list']).to.equal(null);
  });
});
