import type { IncomingMessage } from 'node:http';
import type { Request } from 'koa';
import type ProxyAddr from 'proxy-addr';
import { ImproperlyConfigured } from '../errors';

/**
 * Which peers may set `X-Forwarded-*` headers: all, none, some addresses, or
 * a test. Addresses may be exact (`'10.0.0.5'`), CIDR ranges
 * (`'10.0.0.0/8'`, `'fc00::/7'`) or proxy-addr's names `'loopback'`,
 * `'linklocal'` and `'uniquelocal'`.
 */
export type ProxyTrust = boolean | readonly string[] | ((address: string) => boolean);

/**
 * The app's trust as a test on a peer's address (IPv4-mapped IPv6 addresses
 * are compared as IPv4). A list is compiled by proxy-addr, as Express does;
 * an entry it cannot read is an `ImproperlyConfigured` naming it.
 */
export function proxyTest(trust: ProxyTrust): (address: string) => boolean {
  if (typeof trust === 'function') return trust;
  if (typeof trust === 'boolean') return () => trust;
  // Required here, not at the top: only a list needs it, and most apps trust no proxy or all of them.
  const proxyaddr = require('proxy-addr') as typeof ProxyAddr;
  for (const entry of trust) {
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new ImproperlyConfigured(
        `proxy: ${JSON.stringify(entry)} is not an IP address, a CIDR range (such as '10.0.0.0/8') or one of 'loopback', 'linklocal', 'uniquelocal'.`,
      );
    }
  }
  const trusted = proxyaddr.compile([...trust]);
  return (address) => trusted(address, 0);
}

function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function peerTrusted(req: IncomingMessage, trusts: (address: string) => boolean): boolean {
  return trusts(plainAddress(req.socket?.remoteAddress ?? ''));
}

/**
 * A forwarded header's value when the peer is a trusted proxy: the last hop,
 * the one that proxy wrote; `''` otherwise. `name` is lower-case.
 */
export function forwardedValue(req: IncomingMessage, name: string, trusts: (address: string) => boolean): string {
  const header = req.headers[name];
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || !peerTrusted(req, trusts)) return '';
  return value.slice(value.lastIndexOf(',') + 1).trim();
}

/** `http` or `https` from a trusted `X-Forwarded-Proto`, `''` when absent or untrusted, else the value as sent (lower-cased). */
export function forwardedProtocol(req: IncomingMessage, trusts: (address: string) => boolean): string {
  return forwardedValue(req, 'x-forwarded-proto', trusts).toLowerCase();
}

export function socketProtocol(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
}

/**
 * Koa's own `ctx.host`, `ctx.protocol` and `ctx.ips` (and so `ctx.hostname`,
 * `ctx.href`, `ctx.secure`, `ctx.ip`) follow the app's proxy
 * trust, the same that `ctx.reverse` uses: Koa alone only knows `proxy: true`.
 * Defined on the app's own `request` prototype, so other apps are untouched.
 */
export function followProxyTrust(request: object, trusts: (address: string) => boolean): void {
  Object.defineProperties(request, {
    host: {
      configurable: true,
      get(this: Request): string {
        let host = forwardedValue(this.req, 'x-forwarded-host', trusts);
        if (!host && this.req.httpVersionMajor >= 2) host = this.get(':authority');
        if (!host) host = this.get('Host');
        if (!host) return '';
        host = host.split(',', 1)[0].trim();
        if (!host.includes('@')) return host;
        // As Koa: userinfo is not part of the host.
        try {
          return new URL(`http://${host}`).host;
        } catch {
          return '';
        }
      },
    },
    protocol: {
      configurable: true,
      get(this: Request): string {
        const proto = forwardedProtocol(this.req, trusts);
        return proto === 'http' || proto === 'https' ? proto : socketProtocol(this.req);
      },
    },
    ips: {
      configurable: true,
      /** The hops of X-Forwarded-For that trusted proxies vouch for: walking back from the peer while each is trusted. */
      get(this: Request): string[] {
        const value = this.get(this.app.proxyIpHeader);
        if (!value) return [];
        const hops = value.split(',').map((hop) => hop.trim());
        let start = hops.length;
        let vouching = this.req.socket?.remoteAddress ?? '';
        while (start > 0 && trusts(plainAddress(vouching))) vouching = hops[--start];
        const ips = hops.slice(start);
        return this.app.maxIpsCount > 0 ? ips.slice(-this.app.maxIpsCount) : ips;
      },
    },
  });
}
