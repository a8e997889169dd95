import type { Context } from 'koa';
import { templateOf } from '../errors';
import type { ReverseParams } from '../table/reverse';
import { BaseVersioning, type SchemeReverseOptions } from './base';

/**
 * The version is the first segment of the matched route's namespace that is
 * an allowed version (`include('/v1', [...], { namespace: 'v1' })`). Without a
 * namespace the default is returned unchecked (DRF). Links are reversed in
 * the request's version namespace: `name` becomes `<version>:name`.
 */
export class NamespaceVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'namespace');

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
