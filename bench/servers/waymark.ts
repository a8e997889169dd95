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
  JSONRenderer,
  NamespaceVersioning,
  Param,
  type Renderer,
  QueryParameterVersioning,
  Unauthorized,
  URLPathVersioning,
  Use,
  type RouteSource,
  type VersioningScheme,
} from '../../src';
import { SSE_EVENTS, sseData } from '../shared/peers';
import { filler } from '../shared/waymark-routes';
import { args, serve, timed } from './serve';

const { routes, scheme, layout, reverse } = args();

@Controller('/users')
class PlainUsers {
  @Get('/:id', 'users-detail')
  detail(@Param('id') id: string, @Ctx() ctx: Context) {
    return reverse ? { id, url: ctx.reverse('users-detail', { id }) } : { id };
  }
}

/** `--guard`: the same route behind one `@Use` guard that checks a bearer token (docs/guards-and-injection.md). */
@Controller('/users')
@Use(async (ctx, next) => {
  if (ctx.get('Authorization') !== 'Bearer bench') throw new Unauthorized();
  await next();
})
class GuardedUsers extends PlainUsers {}

/** `--csv`: the same route with JSON and CSV renderers (docs/renderers-and-parsers.md), asked for JSON: what a second renderer costs. */
const csv: Renderer = { mediaType: 'text/csv', format: 'csv', render: (value) => Object.values(value as object).join(',') + '\n' };
@Controller('/users', { renderers: [JSONRenderer, csv] })
class RenderedUsers extends PlainUsers {}

/**
 * `--param-hook`: the same check as `--guard`, as a parameter hook on `id`
 * (docs/coming-from-koa-router.md#parameter-hooks): what a hook costs over the guard doing the same work.
 */
@Controller('/users', {
  params: {
    id: async (_id, ctx, next) => {
      if (ctx.get('Authorization') !== 'Bearer bench') throw new Unauthorized();
      await next();
    },
  },
})
class HookedUsers extends PlainUsers {}

/** `--sse`: the peers' SSE row (bench/peers.ts), `GET /events` answered by ten events then the end, each item written through its schema (docs/streams.md). */
const Tick = { type: 'object', properties: { n: { type: 'integer' }, text: { type: 'string' } }, required: ['n', 'text'] } as const;
@Controller('/events')
class Events {
  @Get('', { name: 'events', responses: { 200: { items: Tick } } })
  async *events() {
    for (let i = 0; i < SSE_EVENTS; i++) yield sseData(i);
  }
}

const Users = process.argv.includes('--sse') ? Events : process.argv.includes('--guard') ? GuardedUsers : process.argv.includes('--param-hook') ? HookedUsers : process.argv.includes('--csv') ? RenderedUsers : PlainUsers;

const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };
const schemes: Record<string, () => { versioning: VersioningScheme; target: RouteSource[] }> = {
  'accept-header': () => ({ versioning: new AcceptHeaderVersioning(versions), target: [Users] }),
  'url-path': () => ({ versioning: new URLPathVersioning(versions), target: [include('/:version', [Users])] }),
  // v1 deprecated with a sunset and a link, version lists reported: five lifecycle headers on every response (docs/lifecycle.md).
  'url-path-lifecycle': () => ({
    versioning: new URLPathVersioning({
      ...versions,
      deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z', link: 'https://example.com/v1', retireAfterSunset: true } },
      reportVersions: true,
    }),
    target: [include('/:version', [Users])],
  }),
  namespace: () => ({ versioning: new NamespaceVersioning(versions), target: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' })] }),
  'host-name': () => ({ versioning: new HostNameVersioning(versions), target: [Users] }),
  'query-parameter': () => ({ versioning: new QueryParameterVersioning(versions), target: [Users] }),
};

/**
 * `--layout`: the whole table (filler and target) as written, under
 * `include('/:version')` with URL-path versioning, or under two namespace
 * includes (`/v1`, `/v2`) with namespace versioning, half the routes in each.
 */
function table(): { versioning?: VersioningScheme; routes: RouteSource[] } {
  if (scheme) {
    const chosen = schemes[scheme]();
    return { versioning: chosen.versioning, routes: [...filler(routes - chosen.target.length), ...chosen.target] };
  }
  if (layout === 'version') return { versioning: new URLPathVersioning(versions), routes: [include('/:version', [...filler(routes - 1), Users])] };
  if (layout === 'namespace') {
    const half = (namespace: string) => include(`/${namespace}`, [...filler(Math.floor(routes / 2) - 1), Users], { namespace });
    return { versioning: new NamespaceVersioning(versions), routes: [half('v1'), half('v2')] };
  }
  return { routes: [...filler(routes - 1), Users] };
}

/** `--errors`: every error rendered by the app's own format (docs/errors.md#your-own-error-format), RealWorld's. */
const errors = process.argv.includes('--errors')
  ? { mediaType: 'application/json', render: (problem: { detail: string }) => ({ errors: { body: [problem.detail] } }) }
  : undefined;

const { routes: sources, versioning } = table();
const { value: app, buildMs } = timed(() => createApp({ routes: sources, versioning, errors }));
serve(createServer(app.callback()), buildMs);
