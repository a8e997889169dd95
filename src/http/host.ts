import type { Context } from 'koa';
import { httpError } from './errors';
import { runtimeOf } from '../runtime';
import { forwardedProtocol, forwardedValue, socketProtocol } from './proxy';

/**
 * Django's host syntax (after lower-casing): a DNS name or an IPv4 address,
 * or a bracketed IPv6 literal, with an optional numeric port. Userinfo,
 * paths, spaces and commas are refused (Django CVE-2012-4520, Koa CVE-2026-27959).
 */
const HOST = /^(?:[a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::[0-9]+)?$/;

export function isValidHost(host: string): boolean {
  return host.length > 0 && host.length <= 255 && HOST.test(host.toLowerCase());
}

/**
 * The host as the client sent it: `X-Forwarded-Host` from a trusted proxy,
 * else the Host header (`:authority` on HTTP/2). Koa's `ctx.host` quietly
 * rewrites `evil.com:x@good.com` to `good.com`; the raw value is what must be refused.
 */
function rawHost(ctx: Context): string {
  const host = forwardedValue(ctx.req, 'x-forwarded-host', runtimeOf(ctx.app).trustsProxy);
  if (host) return host;
  return ctx.req.httpVersionMajor >= 2 ? ctx.get(':authority') || ctx.get('host') : ctx.get('host');
}

/** `http` or `https`: `X-Forwarded-Proto` from a trusted proxy (anything else there is a 400), else the socket's. */
export function requestProtocol(ctx: Context): 'http' | 'https' {
  const proto = forwardedProtocol(ctx.req, runtimeOf(ctx.app).trustsProxy);
  if (proto === 'http' || proto === 'https') return proto;
  if (proto) throw httpError('INVALID_FORWARDED_PROTO');
  return socketProtocol(ctx.req);
}

/** The request's host as sent, after checking its syntax (400 otherwise). */
export function requestHost(ctx: Context): string {
  const host = rawHost(ctx);
  if (!isValidHost(host)) throw httpError('INVALID_HOST');
  return host;
}

/** `protocol://host` of the request, after checking the Host syntax (400 otherwise). */
export function requestOrigin(ctx: Context): string {
  return `${requestProtocol(ctx)}://${requestHost(ctx)}`;
}
