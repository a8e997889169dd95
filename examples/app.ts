import {
  AcceptHeaderVersioning,
  createApp,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
  type App,
  type RouteSource,
  type VersioningScheme,
} from '../src';
import { sampleDocs } from './docs';
import { sampleErrors } from './errors';
import { sampleWebhooks } from './webhooks';
import { history } from './history';
import { UsersController } from './users';

const users: RouteSource[] = [UsersController];
/** v1 stays the default: a client that names no version keeps getting what it always got. */
const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2', 'v3'] };

/** The versions the sample serves under every scheme, oldest first. */
export const sampleVersions: readonly string[] = versions.allowedVersions;

/** The five schemes, by the name the `VERSIONING` environment variable uses; each serves every version from the one controller. */
const schemes: Record<string, () => { versioning: VersioningScheme; routes: RouteSource[] }> = {
  'accept-header': () => ({ versioning: new AcceptHeaderVersioning(versions), routes: users }),
  'url-path': () => ({ versioning: new URLPathVersioning(versions), routes: [include('/:version', users)] }),
  namespace: () => ({
    versioning: new NamespaceVersioning(versions),
    routes: versions.allowedVersions.map((version) => include(`/${version}`, users, { namespace: version })),
  }),
  'host-name': () => ({ versioning: new HostNameVersioning(versions), routes: users }),
  'query-parameter': () => ({ versioning: new QueryParameterVersioning(versions), routes: users }),
};

/**
 * The sample users API, versioned with `versioning` (one of the keys above) and the
 * version history of history.ts, or unversioned (answering as v1, `serve: 'v1'`), with
 * its docs page at /docs. With host names, the origin is
 * `api.localhost` so that each version's server (`v2.api.localhost`) has the
 * three labels the scheme reads; browsers resolve every `*.localhost` to this machine.
 */
export function createSampleApp(versioning = process.env.VERSIONING, port = process.env.PORT ?? '3000'): App {
  const origin = process.env.ORIGIN ?? `http://${versioning === 'host-name' ? 'api.localhost' : 'localhost'}:${port}`;
  // Without a scheme the app still has the history: it answers every request as v1, what its clients have always had.
  if (!versioning) return createApp({ routes: [...users, sampleDocs([])], origin, errors: sampleErrors, history, serve: 'v1', openapi: { webhooks: sampleWebhooks } });
  const make = schemes[versioning];
  if (!make) throw new Error(`VERSIONING must be one of ${Object.keys(schemes).join(', ')}; got '${versioning}'.`);
  const { versioning: scheme, routes } = make();
  return createApp({ versioning: scheme, routes: [...routes, sampleDocs(versions.allowedVersions)], origin, history, errors: sampleErrors, openapi: { webhooks: sampleWebhooks } });
}

/** `waymark routes examples/app.ts` lists this app's routes. */
export const app = createSampleApp();
export default app;

/** A link to the first user, built with `app.url` outside any request (the name depends on the scheme). */
export function firstUserPath(sample: App, versioning = process.env.VERSIONING): string {
  if (versioning === 'url-path') return sample.url('users-detail', { version: 'v1', id: 1 });
  if (versioning === 'namespace') return sample.url('v1:users-detail', { id: 1 });
  return sample.url('users-detail', { id: 1 });
}
