import type { Context } from 'koa';
import { domainToUnicode } from 'node:url';
import { httpError } from '../errors';
import { runtimeOf } from '../runtime';
import { forwardedProtocol, forwardedValue, peerTrusted, socketProtocol } from './proxy';

/**
 * Django's host syntax (after lower-casing): a DNS name or an IPv4 address,
 * or a bracketed IPv6 literal, with an optional numeric port. Userinfo,
 * paths, spaces and commas are refused (Django CVE-2012-4520, Koa CVE-2026-27959).
 */
const HOST = /^(?:([a-z0-9.-]+)|(\[[a-f0-9]*:[a-f0-9.:]+\]))(?::([0-9]{1,5}))?$/;

/**
 * docs/reference/decisions.md#host: Django's syntax, and then what a client will make of it: the
 * WHATWG URL parser must accept the host and give back the same name (so no
 * all-numeric last label that is not an IPv4 address such as `1.2.3.999` or
 * `v1.example.123`, no invalid Punycode), a port from 0 to 65535, a
 * well-formed IPv6 literal, and no empty label (`.`, `a..b`; one trailing dot is a name).
 *
 * @example isValidHost('v1.example.com:8000') // true; isValidHost('a.b.c:65536') // false
 */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  const match = HOST.exec(host.toLowerCase());
  if (!match) return false;
  const [, name, literal, port] = match;
  if (port !== undefined && Number(port) > 65535) return false;
  if (name !== undefined && (name.endsWith('.') ? name.slice(0, -1) : name).split('.').includes('')) return false;
  let parsed: URL;
  try {
    parsed = new URL(`http://${name ?? literal}`);
  } catch {
    return false;
  }
  // An IPv6 literal comes back in its canonical form, which names the same address.
  return literal !== undefined || (parsed.hostname === name && punycodeDecodes(name));
}

/**
 * Every `xn--` label is Punycode that decodes. Node 20 and 22 refuse `xn--a.com` in a URL; Node 24
 * and 26 accept it unchanged (their URL parser no longer checks the encoding), and
 * `domainToUnicode` then gives the label back as it was, where a valid one decodes.
 */
function punycodeDecodes(name: string): boolean {
  if (!name.includes('xn--')) return true;
  return name.split('.').every((label) => {
    if (!label.startsWith('xn--')) return true;
    const decoded = domainToUnicode(label); // '' on Node 20 and 22, the label unchanged on 24 and 26
    return decoded !== '' && !decoded.startsWith('xn--');
  });
}

/**
 * The host as the client sent it: `X-Forwarded-Host` from a trusted proxy,
 * else the Host header (`:authority` on HTTP/2). Koa's `ctx.host` quietly
 * rewrites `evil.com:x@good.com` to `good.com`; the raw value is what must be refused.
 */
function rawHost(ctx: Context): string {
  const trusts = runtimeOf(ctx.app).trustsProxy;
  const host = forwardedValue(ctx.req, 'x-forwarded-host', trusts);
  if (host) return host;
  // A trusted proxy that sent X-Forwarded-Host with an empty last hop (`a.com,`) sent no usable host; the Host header is not it.
  if (ctx.req.headers['x-forwarded-host'] !== undefined && peerTrusted(ctx.req, trusts)) return '';
  return ctx.req.httpVersionMajor >= 2 ? ctx.get(':authority') || ctx.get('host') : ctx.get('host');
}

/** `http` or `https`: `X-Forwarded-Proto` from a trusted proxy (anything else there is a 400), else the socket's. */
export function requestProtocol(ctx: Context): 'http' | 'https' {
  const proto = forwardedProtocol(ctx.req, runtimeOf(ctx.app).trustsProxy);
  if (proto === 'http' || proto === 'https') return proto;
  if (proto) throw httpError('INVALID_FORWARDED_PROTO');
  return socketProtocol(ctx.req);
}

/**
 * The last host each app found valid: one entry (a server mostly sees one
 * Host), so the ~1 µs URL parse is skipped per request and nothing a client
 * sends can grow it.
 */
const lastValid = new WeakMap<object, string>();

/** The request's host as sent, after checking it (docs/reference/decisions.md#host; 400 otherwise). */
export function requestHost(ctx: Context): string {
  const host = rawHost(ctx);
  if (lastValid.get(ctx.app) === host) return host;
  if (!isValidHost(host)) throw httpError('INVALID_HOST');
  lastValid.set(ctx.app, host);
  return host;
}

/** `protocol://host` of the request, after checking the Host syntax (400 otherwise). */
export function requestOrigin(ctx: Context): string {
  return `${requestProtocol(ctx)}://${requestHost(ctx)}`;
}
