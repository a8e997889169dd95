import 'reflect-metadata';
import { createServer } from 'node:http';
import { createApp, include, NamespaceVersioning, URLPathVersioning, type RouteSource, type VersioningScheme } from '../../src';
import { githubRoutes } from '../shared/github';
import { controllerOf } from '../shared/waymark-routes';
import { args, serve, timed } from './serve';

/**
 * The GitHub API set on waymark, `--layout flat|version|namespace`. `--hosts 20`: that many
 * routes bound to `:tenant.example.com` added before the set, at the paths of its first routes
 * (docs/coming-from-koa-router.md#hosts), so the requests, to no such host, pass them by.
 */
const { layout } = args();
const hosts = Number(process.argv.includes('--hosts') ? process.argv[process.argv.indexOf('--hosts') + 1] : 0);
const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };
const routes = githubRoutes().map((route, i) => ({ method: route.method, path: route.pattern, name: `route-${i}` }));
const Github = controllerOf(routes, (i) => () => ({ route: i }));
const hostRoutes = routes.slice(0, hosts).map((route) => ({ ...route, name: `host-${route.name}` }));
const HostBound = hosts === 0 ? null : controllerOf(hostRoutes, (i) => () => ({ host: i }));

const { value: app, buildMs } = timed(() => {
  let sources: RouteSource[] = HostBound === null ? [Github] : [include('', [HostBound], { host: ':tenant.example.com' }), Github];
  let versioning: VersioningScheme | undefined;
  if (layout === 'version') {
    sources = [include('/:version', [Github])];
    versioning = new URLPathVersioning(versions);
  } else if (layout === 'namespace') {
    sources = [include('/v1', [Github], { namespace: 'v1' }), include('/v2', [Github], { namespace: 'v2' })];
    versioning = new NamespaceVersioning(versions);
  }
  return createApp({ routes: sources, versioning });
});
serve(createServer(app.callback()), buildMs);
