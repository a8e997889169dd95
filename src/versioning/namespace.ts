import type { Context } from 'koa';
import { templateOf } from '../errors';
import type { ReverseParams } from '../model/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';
import type { VersioningDescription } from '../model/scheme';

/**
 * The version is the first segment of the matched route's namespace that is
 * an allowed version (`include('/v1', [...], { namespace: 'v1' })`). Without a
 * namespace the default is returned unchecked (DRF). Links are reversed in
 * the request's version namespace: `name` becomes `<version>:name`.
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/users')
 * class Users {
 *   @Get('/:id', 'users-detail') detail(@Param('id') id: string, @Ctx() ctx: Context) {
 *     return { version: ctx.version, self: ctx.reverse('users-detail', { id }) };
 *   }
 * }
 * const app = createApp({
 *   routes: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' })],
 *   versioning: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }),
 * });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const body = await (await fetch(`http://127.0.0.1:${port}/v2/users/7`)).json();
 * assert.deepEqual(body, { version: 'v2', self: `http://127.0.0.1:${port}/v2/users/7` });
 * server.close();
 * ```
 */
export class NamespaceVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'namespace');

  /** For tools: the version travels as a segment of the route's instance namespace. */
  describe(): VersioningDescription {
    return this.describeAs('namespace', null);
  }

  /** Namespaces come from the route table, not from requests: one answer per namespace, kept. */
  private readonly versions = new Map<string, string | undefined>();

  determineVersion(ctx: Context): string | null {
    const namespace = ctx.route?.namespace ?? '';
    if (namespace === '') return this.defaultVersion;
    let version = this.versions.get(namespace);
    if (version === undefined && !this.versions.has(namespace)) {
      version = namespace.split(':').find((segment) => this.isUsable(segment));
      this.versions.set(namespace, version);
    }
    if (version === undefined) throw this.invalidVersion();
    return version;
  }

  protected reverseAny(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const version = options.request?.version ?? null;
    return super.reverseAny(version === null ? name : `${version}:${name}`, params, options);
  }
}
