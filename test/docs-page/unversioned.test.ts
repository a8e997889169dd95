import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, docsRoutes, Get, URLPathVersioning, include } from '../../src';

// docs/docs-page.md: an app without versioning has no `{version}` route for its document.

@Controller('/things')
class Things {
  @Get('', 'things') list() {
    return [];
  }
}

describe('docs page in an app without versioning', () => {
  it('registers /docs/openapi alone, and serves the document there', async () => {
    const app = createApp({ routes: [Things, docsRoutes()] });
    const paths = app.routes.filter((route) => route.name === 'docs:openapi').map((route) => route.pattern);
    expect(paths).to.deep.equal(['/docs/openapi']);
    expect(app.url('docs:openapi')).to.equal('/docs/openapi');
    const response = await request(app.callback()).get('/docs/openapi').expect(200);
    expect(response.body.paths).to.have.property('/things');
    await request(app.callback()).get('/docs/openapi/v1').expect(404);
  });

  it('keeps /docs/openapi{/:version} in a versioned app', () => {
    const app = createApp({ routes: [include('/:version', [Things]), docsRoutes()], versioning: new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1'] }) });
    expect(app.routes.filter((route) => route.name === 'docs:openapi').map((route) => route.pattern)).to.deep.equal(['/docs/openapi{/:version}']);
  });
});
