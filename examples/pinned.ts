import type { Context } from 'koa';
import { createApp, MemoryPinStore, QueryParameterVersioning, versionsRoute, type App, type DeprecatedRequestInfo } from '../src';
import { history } from './history';
import { UsersController } from './users';

/**
 * The sample users API with versions per client (docs/pinning.md): each API
 * key (`X-Api-Key`) is pinned to the version of its first request, v1 is
 * deprecated and its callers are logged, and `/.well-known/api-catalog`
 * lists the versions with their documents and changelogs. The pins live in
 * this process's memory; several processes share a `RedisPinStore` instead.
 * `examples/pinned-server.ts` serves it.
 */
export function createPinnedSampleApp(log: (line: string) => void = console.log): App {
  return createApp({
    routes: [UsersController, versionsRoute()],
    versioning: new QueryParameterVersioning({
      defaultVersion: 'v3',
      allowedVersions: ['v1', 'v2', 'v3'],
      deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z' } },
    }),
    history,
    pinning: { identify: (ctx: Context) => ctx.get('X-Api-Key') || undefined, store: new MemoryPinStore() },
    onDeprecatedRequest: (_ctx, { version, route, clientId }: DeprecatedRequestInfo) => log(`deprecated ${version} called by ${clientId ?? 'an anonymous client'} on ${route}`),
  });
}
