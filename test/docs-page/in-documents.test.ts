import { expect } from 'chai';
import { Controller, createApp, docsRoutes, Get, include, URLPathVersioning } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';
import { appWith } from './apps';

@Controller('/things')
class Things {
  @Get('', 'things-list') list() {
    return [];
  }
}

const docsOperations = (paths: Record<string, unknown>) => Object.keys(paths).filter((path) => path.startsWith('/docs'));

/** Issue 29: the page's own routes were in the API's documents and clients, with a `{version}` route in an unversioned app. */
describe('docs-page: its routes in the API documents (docs/docs-page.md#in-the-documents)', () => {
  it("leaves the page's routes out of every document and of the generated client", () => {
    for (const scheme of ['none', 'url-path', 'query-parameter'] as const) {
      const app = appWith(scheme);
      expect(docsOperations(app.openapi().paths), scheme).to.deep.equal([]);
    }
    const app = createApp({ routes: [Things, docsRoutes()] });
    expect(Object.keys(app.openapi().paths)).to.deep.equal(['/things']);
    expect(generateClient(clientSourceOf(app, 'waymark client app.ts'))).to.not.match(/docs/);
  });

  it('lists them with document: true; without versioning, one document and no {version} route', () => {
    const unversioned = createApp({ routes: [Things, docsRoutes({ document: true })] });
    expect(docsOperations(unversioned.openapi().paths)).to.deep.equal(['/docs', '/docs/openapi', '/docs/assets/{file}']);
    const versioning = new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
    const versioned = createApp({ routes: [include('/:version', [Things]), docsRoutes({ document: true })], versioning });
    expect(docsOperations(versioned.openapi().paths)).to.deep.equal(['/docs', '/docs/openapi/{version}', '/docs/openapi', '/docs/assets/{file}']);
  });
});
