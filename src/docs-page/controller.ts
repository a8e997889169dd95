import { createReadStream } from 'node:fs';
import type { Context } from 'koa';
import { appOf } from '../app';
import { Controller } from '../decorators/controller';
import { Ctx } from '../decorators/params';
import { Get } from '../decorators/routes';
import { NotFound } from '../errors';
import { Offers } from '../negotiation/offers';
import { HTMLRenderer } from '../negotiation/renderers';
import type { Renderer } from '../model/renderer';
import { DOCS_PAGE, type DocsPageMark } from '../openapi/documented';
import { addBuildCheck, addRouteCondition } from '../table/build-check';
import { pageHtml, PAGE_POLICY } from './html';
import { INIT_SCRIPT } from './init-script';
import type { ResolvedDocsOptions } from './options';
import { relativeUrl } from './relative';
import { ASSET_TYPES, assetPath, type SwaggerUi } from './swagger-ui';
import { checkListedVersions, listedVersions } from './versions';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What the asset route sends, each once, without parameters: the documented media types of its 200. */
const ASSET_MEDIA_TYPES = [...new Set(Object.values(ASSET_TYPES).map((type) => type.split(';')[0]))];
/**
 * The asset route negotiates among the types it really sends (docs/docs-page.md):
 * one renderer per type, which lets the handler write the file itself, so that
 * `Accept: text/css` alone is answered and a JSON-only client is not sent CSS.
 */
const ASSET_RENDERERS: readonly Renderer[] = ASSET_MEDIA_TYPES.map((mediaType) => Object.freeze({ mediaType, render: (value: unknown) => String(value) }));
/** A year: an asset URL carries the tag of what it serves, so a new release is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `app.url` by a name not known when compiling (the typed names may not list the docs routes). */
function reverse(ctx: Context, name: string, params: Record<string, string> = {}): string {
  const namespace = ctx.route?.namespace ?? '';
  const url = appOf(ctx).url as unknown as (name: string, params: object, options: object) => string;
  return url.call(ctx.app, `${namespace}:${name}`, params, { currentApp: namespace });
}

const DOCUMENT_ROUTE = {
  summary: "One version's OpenAPI 3.1 document (the default version's without one)",
  tags: ['docs'],
  responses: { 200: { description: 'An OpenAPI 3.1 document', schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string' }, info: { type: 'object', additionalProperties: true }, paths: { type: 'object', additionalProperties: true } }, additionalProperties: true } } },
} as const;

/** A class per call of `docsRoutes()`: nothing is shared between two apps or two pages. */
export function docsController(options: ResolvedDocsOptions, ui: SwaggerUi): Function {
  const { versions } = options;
  const openapiPath = versions !== null && versions.length === 0 ? '/openapi' : '/openapi{/:version}';
  const requirements: Record<string, RegExp> = versions?.length ? { version: new RegExp(versions.map(escapeRegExp).join('|')) } : {};
  const files = new RegExp(Object.keys(ASSET_TYPES).map(escapeRegExp).join('|'));
  /** Each file's own offer (made per page: negotiation remembers what it saw): a client that takes another file's type is a 406 naming this file's. */
  const fileOffers = new Map(Object.entries(ASSET_TYPES).map(([file, type]) => [file, new Offers(ASSET_RENDERERS.filter((renderer) => renderer.mediaType === type.split(';')[0]))]));

  @Controller('', { versioning: null })
  class DocsController {
    // The page is HTML whatever the app renders: `Accept: text/html` alone is answered, as a browser expects.
    @Get('', { name: 'page', summary: 'Interactive documentation of every version', tags: ['docs'], renderers: [HTMLRenderer], responses: { 200: { description: 'An HTML page', mediaTypes: ['text/html'] } } })
    page(@Ctx() ctx: Context) {
      const listed = listedVersions(ctx, versions);
      const link = (name: string, params?: Record<string, string>) => relativeUrl(ctx.path, reverse(ctx, name, params));
      const asset = (file: string) => `${link('asset', { file })}?v=${ui.tag}`;
      const urls = listed.length > 0 ? listed.map((version) => ({ name: version, url: link('openapi', { version }) })) : [{ name: options.title, url: link('openapi') }];
      // The switcher opens on the scheme's default version when the page lists it.
      const fallback = appOf(ctx).versioningInfo?.defaultVersion;
      const primary = typeof fallback === 'string' && listed.includes(fallback) ? fallback : urls[0].name;
      ctx.set('Content-Security-Policy', PAGE_POLICY);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = pageHtml({
        title: options.title,
        urls,
        primaryName: primary,
        oauth2RedirectUrl: link('asset', { file: 'oauth2-redirect.html' }),
        swaggerUi: { ...options.swaggerUi },
        assets: { css: asset('swagger-ui.css'), icon: asset('favicon-32x32.png'), bundle: asset('swagger-ui-bundle.js'), preset: asset('swagger-ui-standalone-preset.js'), init: asset('waymark-docs.js') },
      });
    }

    @Get(openapiPath, { name: 'openapi', requirements, ...DOCUMENT_ROUTE })
    async openapi(@Ctx() ctx: Context) {
      return this.document(ctx);
    }

    // The same route for an app without versioning: there is no version to ask for (addRouteCondition below).
    @Get('/openapi', { name: 'openapi', ...DOCUMENT_ROUTE, summary: 'The OpenAPI 3.1 document' })
    async unversioned(@Ctx() ctx: Context) {
      return this.document(ctx);
    }

    async document(ctx: Context) {
      // Read from the params, not @Param: the route may have no :version.
      const asked: string | undefined = ctx.params.version;
      if (asked !== undefined && !listedVersions(ctx, versions).includes(asked)) throw new NotFound('No such API version.');
      const document = appOf(ctx).openapi({ version: asked, info: options.info });
      ctx.set('Cache-Control', 'no-cache');
      return options.document ? await options.document(document, { version: asked ?? appOf(ctx).versioningInfo?.defaultVersion ?? null, ctx }) : document;
    }

    @Get('/assets/:file', {
      name: 'asset',
      requirements: { file: files },
      renderers: ASSET_RENDERERS,
      summary: 'A file of the documentation page (Swagger UI, from swagger-ui-dist)',
      tags: ['docs'],
      responses: {
        200: { description: 'A stylesheet, script, source map, icon or the OAuth2 redirect page', mediaTypes: ASSET_MEDIA_TYPES },
        304: { description: 'Not Modified: the copy named by If-None-Match is current' },
      },
    })
    asset(@Ctx() ctx: Context) {
      const file: string = ctx.params.file;
      (fileOffers.get(file) as Offers).accept(ctx.get('Accept') || undefined); // a 406 naming the file's type when the client takes another
      ctx.status = 200;
      ctx.set('ETag', `"${ui.tag}"`);
      ctx.set('Cache-Control', ctx.query.v === ui.tag ? IMMUTABLE : 'no-cache');
      ctx.set('X-Content-Type-Options', 'nosniff');
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.type = ASSET_TYPES[file];
      ctx.body = file === 'waymark-docs.js' ? INIT_SCRIPT : createReadStream(assetPath(ui, file));
    }
  }
  (DocsController as unknown as Record<symbol, DocsPageMark>)[DOCS_PAGE] = Object.freeze({ documented: options.documented });
  // `versions` can only be checked against the app the page is mounted in: when that app is built.
  addBuildCheck(DocsController, ({ versioning }) => checkListedVersions(versioning, versions));
  // An app without versioning has no version to ask for: its document route is `/openapi` alone.
  const plainOnly = openapiPath === '/openapi';
  addRouteCondition(DocsController, (handler, { versioned }) => {
    if (handler === 'openapi') return versioned || plainOnly;
    if (handler === 'unversioned') return !versioned && !plainOnly;
    return true;
  });
  return DocsController;
}
