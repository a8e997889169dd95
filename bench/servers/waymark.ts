import 'reflect-metadata';
import type { Context } from 'koa';
import { createServer } from 'node:http';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Ctx,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  Param,
  QueryParameterVersioning,
  URLPathVersioning,
  type RouteSource,
  type VersioningScheme,
} from '../../src';
import { args, serve } from './serve';

const { routes, scheme, reverse } = args();

@Controller('/users')
class Users {
  @Get('/:id', 'users-detail')
  detail(@Param('id') id: string, @Ctx() ctx: Context) {
    return reverse ? { id, url: ctx.reverse('users-detail', { id }) } : { id };
  }
}

/** `count` routes of their own static prefix, registered before the target (the worst case for a linear scan). */
function filler(count: number): Function {
  class Filler {}
  const prototype = Filler.prototype as Record<string, unknown>;
  for (let i = 0; i < count; i++) {
    const name = `r${i}`;
    prototype[name] = () => ({ i });
    Get(`/r${i}/items/:id`, `filler-${i}`)(prototype, name, Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor);
  }
  Controller()(Filler);
  return Filler;
}

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };
const schemes: Record<string, () => { versioning: VersioningScheme; target: RouteSource[] }> = {
  'accept-header': () => ({ versioning: new AcceptHeaderVersioning(versions), target: [Users] }),
  'url-path': () => ({ versioning: new URLPathVersioning(versions), target: [include('/:version', [Users])] }),
  namespace: () => ({ versioning: new NamespaceVersioning(versions), target: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' })] }),
  'host-name': () => ({ versioning: new HostNameVersioning(versions), target: [Users] }),
  'query-parameter': () => ({ versioning: new QueryParameterVersioning(versions), target: [Users] }),
};

const chosen = scheme ? schemes[scheme]() : { versioning: undefined, target: [Users] };
const app = createApp({ routes: [filler(routes - chosen.target.length), ...chosen.target], versioning: chosen.versioning });
serve(createServer(app.callback()));
