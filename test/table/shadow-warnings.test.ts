import { expect } from 'chai';
import { Controller, createApp, Get, ImproperlyConfigured, include, Post, URLPathVersioning } from '../../src';
import { warningsOf } from './warnings-of';

/** The WMWRN002 warnings emitted while `build` runs, as `name: message`. */
async function shadowWarnings(build: () => unknown): Promise<string[]> {
  return (await warningsOf(build, 'WMWRN002')).map((warning) => `${warning.name}: ${warning.message}`);
}

/** The RealWorld trap: the detail route is declared before the feed, so GET /articles/feed is always the detail. */
@Controller('/articles', { namespace: 'articles' })
class Articles {
  @Get('/:slug', 'detail') detail() {}
  @Get('/feed', 'feed') feed() {}
  @Post('/feed', 'feed-post') post() {} // POST is not taken: /:slug answers only GET
}

describe('table/shadow-warnings: a route that can never match (docs/namespaces-and-reversal.md#routes-that-can-never-match)', () => {
  it('warns when the app is built, naming both routes, with the code WMWRN002', async () => {
    const warnings = await shadowWarnings(() => createApp({ routes: [Articles] }));
    expect(warnings).to.deep.equal([
      "WaymarkWarning: The route 'articles:feed' (GET /articles/feed) can never match: 'articles:detail' (GET /articles/:slug), declared before it, takes every request it would answer (routes match in the order they are declared). Declare it before that route, or give the earlier route a requirement that excludes its path.",
    ]);
  });

  it("is an ImproperlyConfigured with shadowing: 'error', and nothing when the order is right", async () => {
    expect(() => createApp({ routes: [Articles], shadowing: 'error' })).to.throw(ImproperlyConfigured, /The route 'articles:feed' .* can never match: 'articles:detail'/);
    @Controller('/articles')
    class Ordered {
      @Get('/feed', 'feed') feed() {}
      @Get('/:slug', 'detail') detail() {}
    }
    @Controller('/n')
    class Constrained {
      @Get('/:id', { name: 'by-id', requirements: { id: /\d+/ } }) id() {}
      @Get('/new', 'new') fresh() {}
    }
    expect(await shadowWarnings(() => createApp({ routes: [Ordered, Constrained], shadowing: 'error' }))).to.deep.equal([]);
    expect(() => createApp({ routes: [Ordered], shadowing: 'loud' as never })).to.throw(ImproperlyConfigured, /shadowing must be 'warn' \(the default\) or 'error', got "loud"/);
  });

  it('says nothing of a route hidden for only some of its versions', async () => {
    @Controller('/things')
    class Things {
      @Get('/:id', { name: 'detail', versions: ['v1'] }) detail() {}
      @Get('/latest', { name: 'latest' }) latest() {}
    }
    const versioning = new URLPathVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] });
    expect(await shadowWarnings(() => createApp({ routes: [include('/:version', [Things])], versioning, shadowing: 'error' }))).to.deep.equal([]);
  });
});
