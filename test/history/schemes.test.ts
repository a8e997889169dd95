import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Ctx,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
  Use,
  type RouteSource,
  type VersioningScheme,
} from '../../src';
import { authorsApi } from './fixture';

const OLD = '2024-09';
const HEAD = '2025-06';

interface Case {
  scheme: (options: { deprecated: Record<string, { at: string }> }) => VersioningScheme;
  routes: (controllers: Function[], versions: readonly string[]) => RouteSource[];
  /** The path and headers of a request of `version` to `path` (`/authors...`). */
  ask: (version: string, path: string) => { path: string; headers: Record<string, string> };
  /** A link to the author list while serving `version`. */
  link: (version: string) => string;
}

const cases: Record<string, Case> = {
  URLPathVersioning: {
    scheme: (options) => new URLPathVersioning({ defaultVersion: HEAD, ...options }),
    routes: (controllers) => [include('/:version', controllers)],
    ask: (version, path) => ({ path: `/${version}${path}`, headers: {} }),
    link: (version) => `/${version}/authors`,
  },
  NamespaceVersioning: {
    scheme: (options) => new NamespaceVersioning({ defaultVersion: HEAD, ...options }),
    routes: (controllers, versions) => versions.map((version) => include(`/${version}`, controllers, { namespace: version })),
    ask: (version, path) => ({ path: `/${version}${path}`, headers: {} }),
    link: (version) => `/${version}/authors`,
  },
  AcceptHeaderVersioning: {
    scheme: (options) => new AcceptHeaderVersioning({ defaultVersion: HEAD, ...options }),
    routes: (controllers) => controllers,
    ask: (version, path) => ({ path, headers: { Accept: `application/json; version=${version}` } }),
    link: () => '/authors',
  },
  HostNameVersioning: {
    scheme: (options) => new HostNameVersioning({ defaultVersion: HEAD, hostnameRegex: /^([0-9-]+)\.api\.test$/, ...options }),
    routes: (controllers) => controllers,
    ask: (version, path) => ({ path, headers: { Host: `${version}.api.test` } }),
    link: () => '/authors',
  },
  QueryParameterVersioning: {
    scheme: (options) => new QueryParameterVersioning({ defaultVersion: HEAD, ...options }),
    routes: (controllers) => controllers,
    ask: (version, path) => ({ path: `${path}${path.includes('?') ? '&' : '?'}version=${version}`, headers: {} }),
    link: (version) => `/authors?version=${version}`,
  },
};

const guarded: string[] = [];

@Controller('/links', { namespace: 'links' })
class Links {
  @Get('/', { name: 'self' })
  @Use(async (ctx, next) => {
    guarded.push(String(ctx.version));
    await next();
  })
  self(@Ctx() ctx: Context) {
    return { list: ctx.reverse('authors:list') };
  }
}

for (const [name, { scheme, routes, ask, link }] of Object.entries(cases)) {
  describe(`version history under ${name}`, () => {
    const { AuthorsController, history } = authorsApi();
    const app = createApp({ routes: routes([AuthorsController, Links], history.versions), versioning: scheme({ deprecated: { [OLD]: { at: '2025-01-01T00:00:00Z' } } }), history, validateResponses: true, origin: 'https://api.test' });
    const send = (version: string, path: string, method: 'get' | 'post' = 'get') => {
      const { path: url, headers } = ask(version, path);
      return request(app.callback())[method](url).set(headers);
    };

    it('converts requests and responses of an older version, and leaves the head alone', async () => {
      const created = await send(OLD, '/authors', 'post').send({ name: 'Ursula Le Guin', nationality: 'US' });
      expect([created.status, created.body]).to.deep.equal([201, { id: 7, nationality: 'US', name: 'Ursula Le Guin' }]);
      expect((await send(HEAD, '/authors')).body[1]).to.deep.equal({ id: 7, givenName: 'Ursula', familyName: 'Le Guin', country: 'US' });
      expect((await send('2025-01', '/authors')).body[1]).to.deep.equal({ id: 7, name: 'Ursula Le Guin', country: 'US' });
    });

    it('refuses a route in the versions it did not exist in, as the scheme refuses a version', async () => {
      const refused = (await send(OLD, '/authors/1/books')).status;
      expect(refused).to.equal(name === 'AcceptHeaderVersioning' ? 406 : 404);
      expect((await send(OLD, '/authors/search?q=Le')).status).to.equal(200);
      expect((await send(HEAD, '/authors/search?q=Le')).status).to.equal(name === 'AcceptHeaderVersioning' ? 406 : 404);
      expect((await send(HEAD, '/authors/1/books')).status).to.equal(200);
    });

    it("keeps guards, lifecycle headers and links in the client's version", async () => {
      guarded.length = 0;
      const old = await send(OLD, '/links');
      expect(old.headers.deprecation).to.equal('@1735689600');
      expect(guarded).to.deep.equal([OLD]);
      expect(new URL(old.body.list, 'http://x').pathname + new URL(old.body.list, 'http://x').search).to.equal(link(OLD));
      expect((await send(HEAD, '/links')).headers.deprecation).to.equal(undefined);
    });

    it("documents each version's routes", () => {
      const paths = (version: string) => Object.keys(app.openapi({ version }).paths).filter((path) => !path.includes('links'));
      expect(paths(OLD).some((path) => path.endsWith('/books'))).to.equal(false);
      expect(paths(OLD).some((path) => path.endsWith('/search'))).to.equal(true);
      expect(paths(HEAD).some((path) => path.endsWith('/search'))).to.equal(false);
    });
  });
}
