import type { Context } from 'koa';
import { BadRequest } from '../errors';

/**
 * Django's host syntax (after lower-casing): a DNS name or an IPv4 address,
 * or a bracketed IPv6 literal, with an optional numeric port. Userinfo,
 * paths, spaces and commas are refused (Django CVE-2012-4520, Koa CVE-2026-27959).
 */
const HOST = /^(?:[a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::[0-9]+)?$/;

export function isValidHost(host: string): boolean {
  return host.length > 0 && host.length <= 255 && HOST.test(host.toLowerCase());
}

/** Which peers may set `X-Forwarded-Host` and `X-Forwarded-Proto`: all, none, some addresses, or a test. */
export type ProxyTrust = boolean | readonly string[] | ((address: string) => boolean);

/** The app's trust as a test on the peer's address (IPv4-mapped IPv6 addresses are compared as IPv4). */
export function proxyTest(trust: ProxyTrust): (address: string) => boolean {
  if (typeof trust === 'function') return trust;
  if (typeof trust === 'boolean') return () => trust;
  const addresses = new Set(trust.map(plainAddress));
  return (address) => addresses.has(address);
}

function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** A forwarded header's value, when the peer is a trusted proxy: the last hop, the one that proxy wrote. */
function forwarded(ctx: Context, header: string): string {
  const value = ctx.get(header);
  if (!value) return '';
  const trusts = (ctx.app as { trustsProxy?: (address: string) => boolean }).trustsProxy;
  if (!trusts?.(plainAddress(ctx.req.socket?.remoteAddress ?? ''))) return '';
  return value.slice(value.lastIndexOf(',') + 1).trim();
}

/**
 * The host as the client sent it: `X-Forwarded-Host` from a trusted proxy,
 * else the Host header (`:authority` on HTTP/2). Koa's `ctx.host` quietly
 * rewrites `evil.com:x@good.com` to `good.com`; the raw value is what must be refused.
 */
function rawHost(ctx: Context): string {
  const host = forwarded(ctx, 'X-Forwarded-Host');
  if (host) return host;
  return ctx.req.httpVersionMajor >= 2 ? ctx.get(':authority') || ctx.get('host') : ctx.get('host');
}

/** `http` or `https`: `X-Forwarded-Proto` from a trusted proxy (anything else there is a 400), else the socket's. */
export function requestProtocol(ctx: Context): 'http' | 'https' {
  const proto = forwarded(ctx, 'X-Forwarded-Proto').toLowerCase();
  if (proto === 'http' || proto === 'https') return proto;
  if (proto) throw new BadRequest('Invalid X-Forwarded-Proto header.', { code: 'INVALID_FORWARDED_PROTO' });
  return (ctx.req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
}

/** The request's host as sent, after checking its syntax (400 otherwise). */
export function requestHost(ctx: Context): string {
  const host = rawHost(ctx);
  if (!isValidHost(host)) throw new BadRequest('Invalid Host header.', { code: 'INVALID_HOST' });
  return host;
}

/** `protocol://host` of the request, after checking the Host syntax (400 otherwise). */
export function requestOrigin(ctx: Context): string {
  return `${requestProtocol(ctx)}://${requestHost(ctx)}`;
}
