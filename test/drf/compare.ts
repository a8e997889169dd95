import type { Config } from './app';
import type { DiffRequest } from './generate';
import type { Answer } from './sides';

/** One request as both sides answered it. */
export interface Case {
  config: Config;
  request: DiffRequest;
  drf: Answer;
  /** DRF with RFC 9110's Accept rules (variants.py), when the request has an Accept header. */
  variant: Answer | null;
  waymark: Answer;
}

/** A field on which the two sides differ: status, version, links.<name>, detail or vary. */
export interface Mismatch {
  field: string;
  drf: unknown;
  waymark: unknown;
}

const ok = (status: number) => status >= 200 && status < 300;

export function varySet(vary: string): string[] {
  return [...new Set(vary.split(',').map((token) => token.trim().toLowerCase()).filter(Boolean))].sort();
}

/**
 * What differs between `expected` (DRF) and `actual` (waymark): the status
 * first (nothing else is compared when it differs), then for a success the
 * version and every link, for an error the detail, and Vary in both cases.
 */
export function mismatches(expected: Answer, actual: Answer): Mismatch[] {
  if (expected.status !== actual.status) return [{ field: 'status', drf: expected.status, waymark: actual.status }];
  const found: Mismatch[] = [];
  if (ok(expected.status)) {
    if (expected.body?.version !== actual.body?.version) found.push({ field: 'version', drf: expected.body?.version, waymark: actual.body?.version });
    const names = new Set([...Object.keys(expected.body?.links ?? {}), ...Object.keys(actual.body?.links ?? {})]);
    for (const name of names) {
      const [a, b] = [expected.body?.links?.[name], actual.body?.links?.[name]];
      if (a !== b) found.push({ field: `links.${name}`, drf: a, waymark: b });
    }
  } else if (expected.body?.detail !== actual.body?.detail) {
    found.push({ field: 'detail', drf: expected.body?.detail, waymark: actual.body?.detail });
  }
  const [a, b] = [varySet(expected.vary), varySet(actual.vary)];
  if (a.join() !== b.join()) found.push({ field: 'vary', drf: a, waymark: b });
  return found;
}

/** The host the request's links are built on: a trusted X-Forwarded-Host, else Host. */
export function effectiveHost(one: Case): string {
  const forwarded = one.request.headers['x-forwarded-host'];
  return one.config.proxy && forwarded ? forwarded : one.request.headers.host;
}
