import type { Context } from 'koa';
import { templateOf } from '../errors';
import type { ReverseParams } from '../model/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';
import type { VersioningDescription } from '../model/scheme';

/**
 * The version is a path parameter of the matched route (`/:version/users`),
 * named by `versionParam`. Links get the request's version in that parameter,
 * overriding one the caller gave (docs/reference/versioning.md#url-path).
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/:version/users')
 * class Users {
 *   @Get('/:id', 'users-detail') detail(@Param('id') id: string, @Ctx() ctx: Context) {
 *     return { version: ctx.version, self: ctx.reverse('users-detail', { id }) };
 *   }
 * }
 * const app = createApp({ routes: [Users], versioning: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const body = await (await fetch(`http://127.0.0.1:${port}/v2/users/7`)).json();
 * assert.deepEqual(body, { version: 'v2', self: `http://127.0.0.1:${port}/v2/users/7` });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/v9/users/7`)).status, 404);
 * server.close();
 * ```
 */
export class URLPathVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'urlPath');

  /** For tools: the version travels in the path parameter `versionParam`. */
  describe(): VersioningDescription {
    return this.describeAs('path', this.versionParam);
  }

  determineVersion(_ctx: Context, params: Record<string, string>): string | null {
    const version = Object.hasOwn(params, this.versionParam) ? params[this.versionParam] : this.defaultVersion;
    return this.accept(version);
  }

  /** Positional parameters are left as they are: name them to get the version added. */
  protected reverseAny(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const version = options.request?.version ?? null;
    if (version === null || Array.isArray(params)) return super.reverseAny(name, params, options);
    return super.reverseAny(name, { ...params, [this.versionParam]: version }, options);
  }
}
