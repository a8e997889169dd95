import { isDeepStrictEqual } from 'node:util';
import { varySet, type Mismatch } from './compare';
import type { Answer } from './sides';

const ok = (status: number) => status >= 200 && status < 300;

/** The media type of a Content-Type, without its parameters (charset, version): what negotiation chose. */
export function mediaType(header: string): string {
  return header.split(';')[0].trim().toLowerCase();
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * What differs between DRF's answer and waymark's on a content route: the
 * status first (nothing else is compared when it differs); for a success the
 * chosen media type, the `X-Self` link and the body (a JSON body member by
 * member, `body.data`, `body.files`..., any other body as text); for an error
 * the detail when DRF's body is JSON (DRF renders errors with the route's
 * renderer); Vary in both cases.
 */
export function contentMismatches(expected: Answer, actual: Answer): Mismatch[] {
  if (expected.status !== actual.status) return [{ field: 'status', drf: expected.status, waymark: actual.status }];
  const found: Mismatch[] = [];
  const differ = (field: string, a: unknown, b: unknown) => {
    if (!isDeepStrictEqual(a, b)) found.push({ field, drf: a, waymark: b });
  };
  if (ok(expected.status)) {
    differ('type', mediaType(expected.type), mediaType(actual.type));
    differ('self', expected.self, actual.self);
    const [a, b] = [record(expected.body), record(actual.body)];
    if (mediaType(expected.type) === 'application/json' && a && b) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differ(`body.${key}`, a[key], b[key]);
    } else if (mediaType(expected.type) === 'application/json') {
      differ('body', expected.body, actual.body);
    } else {
      differ('body', expected.text, actual.text);
    }
  } else {
    const detail = record(expected.body)?.detail;
    if (typeof detail === 'string') differ('detail', detail, record(actual.body)?.detail);
  }
  differ('vary', varySet(expected.vary), varySet(actual.vary));
  return found;
}
