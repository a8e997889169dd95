import type { Context } from 'koa';
import { ImproperlyConfigured, templateOf } from '../errors';
import { requestHost } from '../http/host';
import { stateless } from '../util/regexp';
import { BaseVersioning, type VersioningOptions } from './base';

export interface HostNameVersioningOptions extends VersioningOptions {
  /** Its first group is the version (default: three alphanumeric labels, the first one). */
  hostnameRegex?: RegExp | string;
}

/**
 * The version is the first label of a three-label host name
 * (`v1.example.com`). A host that does not match gives the default,
 * unchecked (DRF). Links are not changed: an absolute URL keeps the
 * request's host, and with it the version.
 */
export class HostNameVersioning extends BaseVersioning {
  readonly invalidVersionMessage = templateOf('INVALID_VERSION', 'hostName');
  readonly hostnameRegex: RegExp = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/;

  constructor(options: HostNameVersioningOptions = {}) {
    super(options, ['hostnameRegex']);
    if (options.hostnameRegex !== undefined) {
      const { hostnameRegex } = options;
      if (!(hostnameRegex instanceof RegExp) && typeof hostnameRegex !== 'string') {
        throw new ImproperlyConfigured('HostNameVersioning: hostnameRegex must be a RegExp or a string.');
      }
      this.hostnameRegex = hostnameRegex instanceof RegExp ? stateless(hostnameRegex) : new RegExp(hostnameRegex);
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
