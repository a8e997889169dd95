import 'reflect-metadata';
import type { Context } from 'koa';
import { createServer } from 'node:http';
import { Controller, createApp, Get, MemoryPinStore, Param, QueryParameterVersioning } from '../../src';
import { filler } from '../shared/waymark-routes';
import { serve, timed } from './serve';

@Controller('/users')
class Users {
  @Get('/:id', 'users-detail') detail(@Param('id') id: string) {
    return { id };
  }
}

// Requests name no version and carry an API key. `--pinning`: each key is pinned in memory
// (the first request pins it; every later one is served its pin) (docs/pinning.md). Without
// it, the same app and requests, served the default version.
const versioning = new QueryParameterVersioning({ defaultVersion: 'v2', allowedVersions: ['v1', 'v2'] });
const pinning = process.argv.includes('--pinning') ? { pinning: { identify: (ctx: Context) => ctx.get('X-Api-Key') || undefined, store: new MemoryPinStore() } } : {};
const { value: app, buildMs } = timed(() => createApp({ routes: [...filler(9), Users], versioning, ...pinning }));
// `--headers-by-hand`: no pinning, and the two headers a pinned response must carry (`Vary`, `Waymark-Version`)
// set by a middleware: what sending them costs any app, the floor of the pinning target (docs/performance.md).
if (process.argv.includes('--headers-by-hand')) {
  app.use(async (ctx, next) => {
    ctx.res.setHeader('Vary', 'Waymark-Version');
    ctx.res.setHeader('Waymark-Version', 'v2');
    await next();
  });
}
serve(createServer(app.callback()), buildMs);
