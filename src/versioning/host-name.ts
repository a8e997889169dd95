import type { Context } from 'koa';
import { ImproperlyConfigured, templateOf } from '../errors';
import { requestHost } from '../http/host';
import { linearRegExp } from '../util/linear-regexp';
import { BaseVersioning, type VersioningOptions } from './base';
import type { VersioningDescription } from '../model/scheme';

export interface HostNameVersioningOptions extends VersioningOptions {
  /** Its first group is the version (default: three alphanumeric labels, the first one). */
  hostnameRegex?: RegExp | string;
}

/**
 * The version is the first label of a three-label host name
 * (`v1.example.com`). A host that does not match gives the default,
 * unchecked (DRF). Links are not changed: an absolute URL keeps the
 * request's host, and with it the version.
 *
 * @example
 * ```ts
 * import http from 'node:http';
 * @Controller('/users')
 * class Users {
 *   @Get('', 'users-list') list(@Version() version: string | null) {
 *     return { version };
 *   }
 * }
 * const app = createApp({ routes: [Users], versioning: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const ask = (host: string) =>
 *   new Promise<{ status: number; body: string }>((resolve, reject) => {
 *     // fetch() will not let a caller set Host; node:http will.
 *     const request = http.get({ port, path: '/users', headers: { Host: host } }, (response) => {
 *       let body = '';
 *       response.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body }));
 *     });
 *     request.on('error', reject);
 *   });
 * assert.deepEqual(await ask('v2.example.com'), { status: 200, body: '{"version":"v2"}' });
 * assert.equal((await ask('v9.example.com')).status, 404);
 * assert.deepEqual(await ask('localhost'), { status: 200, body: '{"version":null}' });
 * server.close();
 * ```
 */
export class HostNameVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'hostName');

  /** For tools: the version travels as the first label of the host. */
  describe(): VersioningDescription {
    return this.describeAs('host', null);
  }
  readonly hostnameRegex: RegExp = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/;

  constructor(options: HostNameVersioningOptions = {}) {
    super(options, ['hostnameRegex']);
    if (options.hostnameRegex !== undefined) {
      const { hostnameRegex } = options;
      if (!(hostnameRegex instanceof RegExp) && typeof hostnameRegex !== 'string') {
        throw new ImproperlyConfigured('HostNameVersioning: hostnameRegex must be a RegExp or a string.');
      }
      this.hostnameRegex = hostnameRegex instanceof RegExp
        ? linearRegExp(hostnameRegex.source, hostnameRegex.flags, 'HostNameVersioning: hostnameRegex')
        : linearRegExp(hostnameRegex, '', 'HostNameVersioning: hostnameRegex');
    }
  }

  determineVersion(ctx: Context): string | null {
    const host = requestHost(ctx);
    const colon = host.indexOf(':');
    const match = this.hostnameRegex.exec(colon === -1 ? host : host.slice(0, colon));
    if (!match) return this.defaultVersion;
    const version = match[1] ?? null;
    return this.accept(version);
  }
}
