import type { Middleware } from 'koa';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  Unauthorized,
  URLPathVersioning,
  Use,
  docsRoutes,
  type App,
  type DocsRoutesOptions,
  type RouteSource,
  type VersioningScheme,
} from '../../src';
import type { DocsDocumentHook } from '../../src/docs-page/options';

export const SCHEMES = ['none', 'accept-header', 'url-path', 'namespace', 'host-name', 'query-parameter'] as const;
export type SchemeName = (typeof SCHEMES)[number];

/** The token the guard accepts. */
export const TOKEN = 'opensesame';

const bearer: Middleware = async (ctx, next) => {
  if (ctx.get('Authorization') !== `Bearer ${TOKEN}`) throw new Unauthorized('Sign in first.', { challenge: 'Bearer' });
  await next();
};

@Controller('/things')
export class Things {
  @Get('', { name: 'things-list', summary: 'Every thing' }) list() {
    return ['a', 'b'];
  }
}

@Controller('/secret')
@Use({ middleware: bearer, responses: [401], security: { bearer: [] } }) // a described guard: its security is in the documents
export class Secret {
  @Get('', { name: 'secret', summary: 'Needs a bearer token' }) secret() {
    return { secret: 42 };
  }
}

/** `components.securitySchemes` and a document-wide `security`, added by the `document` hook (the hook's own test). */
export const withBearer: DocsDocumentHook = (document) => ({
  ...document,
  components: { ...document.components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearer: [] }],
});

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };
const api: RouteSource[] = [Things, Secret];

function routesFor(name: SchemeName): { versioning?: VersioningScheme; routes: RouteSource[] } {
  switch (name) {
    case 'none':
      return { routes: api };
    case 'accept-header':
      return { versioning: new AcceptHeaderVersioning(versions), routes: api };
    case 'url-path':
      return { versioning: new URLPathVersioning(versions), routes: [include('/:version', api)] };
    case 'namespace':
      return { versioning: new NamespaceVersioning(versions), routes: [include('/v1', api, { namespace: 'v1' }), include('/v2', api, { namespace: 'v2' })] };
    case 'host-name':
      return { versioning: new HostNameVersioning(versions), routes: api };
    case 'query-parameter':
      return { versioning: new QueryParameterVersioning(versions), routes: api };
  }
}

/** An app of `Things` and the guarded `Secret` under one scheme, with the docs page from `docsRoutes(docs)`. */
export function appWith(name: SchemeName, docs: DocsRoutesOptions = {}, { origin = 'http://api.example.com', proxy = false } = {}): App {
  const { versioning, routes } = routesFor(name);
  return createApp({ versioning, routes: [...routes, docsRoutes(docs)], origin, proxy, openapi: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } });
}

/** The versions the page should list under each scheme. */
export function versionsOf(name: SchemeName): string[] {
  return name === 'none' ? [] : ['v1', 'v2'];
}

/** The settings the page embeds for Swagger UI. */
export function settingsOf(html: string): { urls: { name: string; url: string }[]; primaryName: string; oauth2RedirectUrl: string; swaggerUi: Record<string, unknown> } {
  const found = /<script type="application\/json" id="waymark-docs-settings">(.*?)<\/script>/.exec(html);
  if (!found) throw new Error(`no settings in the page:\n${html}`);
  return JSON.parse(found[1]);
}
