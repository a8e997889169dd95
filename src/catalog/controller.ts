import type { Context } from 'koa';
import { appOf } from '../app';
import { Controller } from '../decorators/controller';
import { Ctx } from '../decorators/params';
import { Get } from '../decorators/routes';
import { NotFound } from '../errors';
import { schemeVersions } from '../docs-page/versions';
import { JSONRenderer } from '../negotiation/renderers';
import type { Renderer } from '../model/renderer';
import { runtimeOf } from '../runtime';
import { changelogOf } from './changelog';
import { API_CATALOG_PROFILE, catalogue } from './linkset';

/**
 * Linkset JSON first, plain JSON for a client that asks for it. The profile
 * is written by `render`, not named in `mediaType`: an offer with parameters
 * would only match an Accept that repeats them (DRF's precedence rules).
 */
const LINKSET: Renderer = {
  mediaType: 'application/linkset+json',
  render(value, ctx) {
    ctx.type = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;
    return JSON.stringify(value);
  },
};

/** `app.url` by a name not known when compiling, absolute on the app's `origin` when it has one (never on the request's Host). */
function link(ctx: Context, name: string, params: Record<string, string> = {}): string {
  const namespace = ctx.route?.namespace ?? '';
  const url = appOf(ctx).url as unknown as (name: string, params: object, options: object) => string;
  return url.call(ctx.app, `${namespace}:${name}`, params, { currentApp: namespace, absolute: runtimeOf(ctx.app).origin !== null });
}

/** The version of a request's `:version`, refused (404) unless the app lists it. */
function listed(ctx: Context): string {
  const version: string = ctx.params.version;
  if (!schemeVersions(runtimeOf(ctx.app).versioning).includes(version)) throw new NotFound('No such API version.');
  return version;
}

/** A class per call of `versionsRoute()`: nothing is shared between two apps. */
export function catalogController(): Function {
  @Controller('', { versioning: null })
  class ApiCatalog {
    @Get('', { name: 'catalog', summary: "The API's versions, their status, documents and changelogs (RFC 9727)", tags: ['discovery'], renderers: [LINKSET, JSONRenderer] })
    catalog(@Ctx() ctx: Context) {
      const self = link(ctx, 'catalog');
      ctx.set('Link', `<${self}>; rel="api-catalog"`);
      return catalogue(runtimeOf(ctx.app), {
        self,
        openapi: (version) => (version === null ? link(ctx, 'openapi') : link(ctx, 'openapi', { version })),
        changelog: (version) => link(ctx, 'changelog', { version }),
      });
    }

    @Get('/openapi{/:version}', { name: 'openapi', summary: "One version's OpenAPI 3.1 document", tags: ['discovery'] })
    openapi(@Ctx() ctx: Context) {
      const version = ctx.params.version === undefined ? undefined : listed(ctx);
      return appOf(ctx).openapi({ version });
    }

    @Get('/changelog/:version', { name: 'changelog', summary: "One version's changes", tags: ['discovery'] })
    changelog(@Ctx() ctx: Context) {
      return changelogOf(appOf(ctx), listed(ctx));
    }
  }
  return ApiCatalog;
}
