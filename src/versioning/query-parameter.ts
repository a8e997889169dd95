import type { Context } from 'koa';
import { templateOf } from '../errors';
import { lastQueryValue } from '../http/query';
import { formString } from '../table/query';
import type { ReverseParams } from '../model/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';
import type { VersioningDescription } from '../model/scheme';

/**
 * The version is the query parameter `versionParam` (`?version=1.0`); `?version`
 * and `?version=` give `''`, repeated keys the last value (Django's
 * `QueryDict`). Links get `?version=<request's version>`, replacing any the
 * caller gave, with the query keys sorted (DRF's `replace_query_param`).
 *
 * @example
 * ```ts
 * import type { Context } from 'koa';
 * @Controller('/users')
 * class Users {
 *   @Get('', 'users-list') list(@Ctx() ctx: Context) {
 *     return { version: ctx.version, next: ctx.reverse('users-list', {}, { query: { page: 2 } }) };
 *   }
 * }
 * const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] }) });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const body = await (await fetch(`http://127.0.0.1:${port}/users?version=2.0`)).json();
 * assert.deepEqual(body, { version: '2.0', next: `http://127.0.0.1:${port}/users?page=2&version=2.0` });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/users?version=9`)).status, 404);
 * server.close();
 * ```
 */
export class QueryParameterVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'queryParameter');

  /** For tools: the version travels in the query parameter `versionParam`. */
  describe(): VersioningDescription {
    return this.describeAs('query', this.versionParam);
  }

  determineVersion(ctx: Context): string | null {
    const value = lastQueryValue(ctx.querystring, this.versionParam);
    const version = value === undefined ? this.defaultVersion : value;
    return this.accept(version);
  }

  protected reverseAny(name: string, params?: ReverseParams, options: SchemeReverseOptions = {}): string {
    const url = super.reverseAny(name, params, options);
    const version = options.request?.version ?? null;
    return version === null ? url : replaceQueryParam(url, this.versionParam, version);
  }
}

/**
 * Sets `key` to `value` in a URL, re-encoding the query with its keys sorted
 * (repeated values kept); the rest of the URL is left exactly as it was.
 */
export function replaceQueryParam(url: string, key: string, value: string): string {
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  const question = base.indexOf('?');
  const search = new URLSearchParams(question === -1 ? '' : base.slice(question + 1));
  search.set(key, value);
  search.sort();
  // DRF re-encodes with Python's urlencode: `~` stays, `*` is %2A (URLSearchParams would write %7E and leave *).
  return `${question === -1 ? base : base.slice(0, question)}?${formString(search)}${fragment}`;
}
