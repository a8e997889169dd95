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
  type VersioningScheme,
} from '../../src';
import { serve } from './serve';

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };

/** The same users controller under one prefix and one scheme (a controller-level override). */
function users(prefix: string, versioning: VersioningScheme): Function {
  @Controller(prefix, { versioning })
  class Users {
    @Get('/users/:id', { name: 'user', requirements: { id: /\d+/ } })
    user(@Param('id') id: number, @Ctx() ctx: Context) {
      // 'users' is the application namespace: the matched instance resolves it (Django's current_app).
      return { id, version: ctx.version, self: ctx.reverse('users:user', { id }) };
    }
  }
  return Users;
}

/** All five schemes in one app, for the load test. */
const app = createApp({
  routes: [
    include('/accept', [users('', new AcceptHeaderVersioning(versions))], { namespace: 'accept', appName: 'users' }),
    include('/path/:version', [users('', new URLPathVersioning(versions))], { namespace: 'path', appName: 'users' }),
    include('/ns/v1', [users('', new NamespaceVersioning(versions))], { namespace: 'v1', appName: 'users' }),
    include('/ns/v2', [users('', new NamespaceVersioning(versions))], { namespace: 'v2', appName: 'users' }),
    include('/host', [users('', new HostNameVersioning(versions))], { namespace: 'host', appName: 'users' }),
    include('/query', [users('', new QueryParameterVersioning(versions))], { namespace: 'query', appName: 'users' }),
  ],
});
app.silent = !process.env.LOAD_VERBOSE;
serve(createServer(app.callback()));
