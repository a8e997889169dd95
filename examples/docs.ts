import { createReadStream } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { Context } from 'koa';
import { Controller, Ctx, Get, InvalidArgument, NotFound, Param, type App, type VersioningScheme } from '../src';

/** swagger-ui-dist, served from node_modules: the page loads nothing from anywhere else. */
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The versions a scheme documents: its allowed versions, or its default when it allows any. */
export function documentedVersions(scheme: VersioningScheme | null | undefined): string[] {
  if (!scheme) return [];
  const listed = (scheme.allowedVersions ?? []).filter((version): version is string => version !== null);
  return listed.length > 0 ? listed : scheme.defaultVersion === null ? [] : [scheme.defaultVersion];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The docs of the sample app: each version's OpenAPI document at `docs:openapi`
 * and a Swagger UI page at `docs:page` whose version switcher lists them.
 * Versioning is off for these routes, so they answer alike under every
 * scheme; the page's links come from `ctx.reverse`, so they stay right
 * wherever the app is mounted.
 */
export function docsController(versions: readonly string[]): Function {
  const openapiPath = versions.length > 0 ? '/openapi{/:version}' : '/openapi';
  const requirements: Record<string, RegExp> = versions.length > 0 ? { version: new RegExp(versions.map(escapeRegExp).join('|')) } : {};

  @Controller('/docs', { namespace: 'docs', versioning: null })
  class DocsController {
    @Get('', { name: 'page', summary: 'Interactive documentation of every version', tags: ['docs'], responses: { 200: { description: 'An HTML page' } } })
    page(@Ctx() ctx: Context) {
      const urls = (versions.length > 0 ? versions : [null]).map((version) => ({
        name: version ?? 'API',
        url: ctx.reverse('docs:openapi', version === null ? {} : { version }),
      }));
      const asset = (file: string) => ctx.reverse('docs:asset', { file });
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page({ urls, css: asset('swagger-ui.css'), bundle: asset('swagger-ui-bundle.js'), preset: asset('swagger-ui-standalone-preset.js'), icon: asset('favicon-32x32.png') });
    }

    @Get(openapiPath, {
      name: 'openapi',
      requirements,
      summary: "One version's OpenAPI 3.1 document (the default version's without one)",
      tags: ['docs'],
      responses: { 200: { description: 'An OpenAPI 3.1 document', schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
    })
    openapi(@Ctx() ctx: Context) {
      // Read from the params, not @Param: without versioning the path has no :version.
      const version: string | undefined = ctx.params.version;
      try {
        return (ctx.app as App).openapi({ version, info: { title: 'waymark sample users API' } });
      } catch (error) {
        if (error instanceof InvalidArgument) throw new NotFound('No such API version.');
        throw error;
      }
    }

    @Get('/assets/:file', {
      name: 'asset',
      requirements: { file: new RegExp(Object.keys(ASSETS).map(escapeRegExp).join('|')) },
      summary: 'A file of the documentation page (swagger-ui-dist)',
      tags: ['docs'],
      responses: { 200: { description: 'A stylesheet, script or icon' } },
    })
    asset(@Param('file') file: string, @Ctx() ctx: Context) {
      ctx.type = ASSETS[file];
      ctx.set('Cache-Control', 'public, max-age=3600');
      return createReadStream(join(SWAGGER_UI, file));
    }
  }
  return DocsController;
}

/** JSON inside a <script> element: `<` escaped so that no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function page(links: { urls: { name: string; url: string }[]; css: string; bundle: string; preset: string; icon: string }): string {
  const config = {
    urls: links.urls,
    'urls.primaryName': links.urls[0].name,
    dom_id: '#swagger-ui',
    layout: 'StandaloneLayout',
    deepLinking: true,
    displayOperationId: true,
    validatorUrl: null, // Swagger UI would otherwise send each document to an online validator
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>waymark sample API docs</title>
<link rel="icon" type="image/png" href="${attribute(links.icon)}">
<link rel="stylesheet" href="${attribute(links.css)}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${attribute(links.bundle)}"></script>
<script src="${attribute(links.preset)}"></script>
<script>
const config = ${scriptJson(config)};
window.ui = SwaggerUIBundle({ ...config, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset] });
</script>
</body>
</html>
`;
}
