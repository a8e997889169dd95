import type { Context } from 'koa';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Ctx,
  Get,
  HostNameVersioning,
  Post,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
  type App,
  type VersioningScheme,
  JSONRenderer,
  type Renderer,
} from '../../src';

/** views.py's second renderer: JSON text under text/html. */
const MIRRORED_HTML: Renderer = { mediaType: 'text/html', format: 'html', render: (value) => JSON.stringify(value) };

/**
 * A POST route at a path the generated requests never take: POST is then a method the app declares,
 * so a POST to a user route is the 405 DRF answers, while DELETE, which no route declares, is the 501
 * of docs/methods.md. Both differences stay measured (test/drf/exceptions.ts).
 */
@Controller('/__declares-post')
class DeclaresPost {
  @Post('', 'declares-post') post() {
    return null;
  }
}

/** One configuration of the mirrored app: the same fields drive.py reads (views.configure). */
export interface Config {
  scheme: 'accept' | 'path' | 'namespace' | 'host' | 'query' | null;
  defaultVersion: string | null;
  allowedVersions: (string | null)[] | null;
  versionParam: string;
  mediaTypes: string[];
  proxy: boolean;
}

/** What both views answer: the version and links built with the request's reverse (DRF's reverse(..., request=request)). */
function answer(ctx: Context) {
  const name = (ctx.route?.name ?? '').split(':').pop() as string;
  const params = { ...ctx.params };
  return {
    version: ctx.version,
    links: {
      self: ctx.reverse(name, Object.keys(params).length > 0 ? params : undefined),
      list: ctx.reverse('users-list'),
      detail: ctx.reverse('users-detail', { pk: params.pk ?? '7' }),
      app: ctx.reverse('users:users-list'),
    },
  };
}

@Controller('/users')
class Users {
  @Get('', 'users-list') list(@Ctx() ctx: Context) {
    return answer(ctx);
  }

  @Get('/:pk', 'users-detail') detail(@Ctx() ctx: Context) {
    return answer(ctx);
  }
}

@Controller('/:version/users')
class VersionedUsers {
  @Get('', 'vusers-list') list(@Ctx() ctx: Context) {
    return answer(ctx);
  }

  @Get('/:pk', 'vusers-detail') detail(@Ctx() ctx: Context) {
    return answer(ctx);
  }
}

const SCHEMES = {
  accept: AcceptHeaderVersioning,
  path: URLPathVersioning,
  namespace: NamespaceVersioning,
  host: HostNameVersioning,
  query: QueryParameterVersioning,
};

/** The waymark side of test/drf/django_project/urls.py, route for route, in the same order. */
export function mirroredApp(config: Config): App {
  let versioning: VersioningScheme | undefined;
  if (config.scheme !== null) {
    const { defaultVersion, allowedVersions, versionParam } = config;
    versioning = new SCHEMES[config.scheme]({ defaultVersion, allowedVersions, versionParam });
  }
  const app = createApp({
    routes: [
      Users,
      VersionedUsers,
      include('/ns/v1', [Users], { namespace: 'v1', appName: 'users' }),
      include('/ns/v2', [Users], { namespace: 'v2', appName: 'users' }),
      include('/ns/other', [Users], { namespace: 'other', appName: 'users' }),
      DeclaresPost,
    ],
    versioning,
    // The mirrored DRF view's second renderer (views.py's HTMLRenderer) writes JSON text under text/html: so does this one.
    renderers: config.mediaTypes.map((type) => (type === 'text/html' ? MIRRORED_HTML : { ...JSONRenderer, mediaType: type })),
    proxy: config.proxy,
  });
  app.silent = true;
  return app;
}
