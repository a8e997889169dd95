import { effectiveHost, varySet, type Case, type Mismatch } from './compare';

/**
 * A documented, intentional difference between waymark and DRF 3.14 / Django 3.2.
 * - `field`: explains one mismatch of a case (the rest must be explained too);
 * - `variant`: the case is compared against DRF run with waymark's documented
 *   Accept rules instead (test/drf/django_project/variants.py);
 * - `backport`: DRF is run with a fix from a later release (backports.py).
 */
export interface Exception {
  name: string;
  reason: string;
  kind: 'field' | 'variant' | 'backport';
  explains?(one: Case, mismatch: Mismatch): boolean;
}

const SUB_DELIMS = /%(24|26|2B|2C|3B|3D|3A|40)/gi;
const pathOf = (target: string) => target.split('?')[0];
const segments = (target: string) => pathOf(target).split('/').slice(1);
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Whether some `name*=utf-8'lang'value` parameter's percent-escaped octets are not valid UTF-8. */
function undecodableRfc2231(accept: string): boolean {
  for (const match of accept.matchAll(/\*\s*=\s*utf-?8'[^']*'([^,;]*)/gi)) {
    const octets = [...match[1].trim().matchAll(/%([0-9a-f]{2})|([^%])/gi)].flatMap((part) => (part[1] ? [parseInt(part[1], 16)] : [...Buffer.from(part[2])]));
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(octets));
    } catch {
      return true;
    }
  }
  return false;
}

/** The Host rule of docs/security.md#hosts-versions-and-links, written independently of src/http/host.ts. */
export function hostRoundTrips(host: string): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host);
  if (!match || !/^(?:[a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])$/i.test(match[1])) return false;
  if (match[2] !== undefined && Number(match[2]) > 65535) return false;
  const labels = match[1].replace(/\.$/, '').split('.');
  if (!match[1].startsWith('[') && labels.some((label) => label === '')) return false;
  try {
    return new URL(`http://${match[1]}`).hostname === match[1].toLowerCase();
  } catch {
    return false;
  }
}

export const exceptions: Exception[] = [
  {
    name: 'rfc9110-accept',
    kind: 'variant',
    reason:
      'DRF splits Accept on every comma (also inside quoted strings), counts escaped quotes when splitting parameters, never orders a precedence group by q and never excludes q=0; ' +
      'waymark follows RFC 9110 there (docs/reference/versioning.md, docs/reference/decisions.md#host). The case agrees with DRF run with exactly those rules (variants.py).',
  },
  {
    name: 'drf-3.14-url-path-kwargs',
    kind: 'backport',
    reason:
      "DRF 3.14's URLPathVersioning.reverse writes the version into the caller's kwargs, so the fallback reversal after NoReverseMatch carries it and fails (500); " +
      'PR #7247 (3.15) copies the mapping. DRF runs with that fix; the version still overrides the caller\'s, as in 3.14 and docs/reference/versioning.md#where-waymark-differs-from-drf.',
  },
  {
    name: 'host-syntax',
    kind: 'field',
    reason:
      "docs/reference/decisions.md#host: a Host (or trusted X-Forwarded-Host) that new URL('http://' + host) refuses or rewrites (port > 65535, an all-numeric last label that is not an IPv4 address, " +
      'broken IPv6, invalid Punycode, empty labels) is a 400 "Invalid Host header." before any version is determined; Django 3.2\'s syntax check lets them through into links.',
    explains: (one, m) => m.field === 'status' && m.waymark === 400 && !hostRoundTrips(effectiveHost(one)),
  },
  {
    name: 'django-page',
    kind: 'field',
    reason:
      "Django answers an unmatched path (404) and a host its own syntax check refuses (400) with its own HTML page, outside DRF: no JSON detail and none of the view's headers (Vary). " +
      "waymark's answer is a problem document, with the Vary of docs/reference/decisions.md#content-negotiation and #host.",
    explains: (one, m) => (m.field === 'detail' || m.field === 'vary') && one.drf.body === null && (one.drf.status === 404 || one.drf.status === 400),
  },
  {
    name: 'problem-vary-accept-language',
    kind: 'field',
    reason: 'docs/reference/decisions.md#content-negotiation: a problem document whose detail is translatable varies on Accept-Language (DRF runs without LocaleMiddleware here).',
    explains: (one, m) =>
      m.field === 'vary' && one.waymark.type.startsWith('application/problem+json') && same((m.waymark as string[]).filter((t) => t !== 'accept-language'), m.drf as string[]),
  },
  {
    name: 'accept-scheme-vary',
    kind: 'field',
    reason:
      'docs/reference/hostile-input.md: with AcceptHeaderVersioning the version comes from Accept, so waymark always sends Vary: Accept; DRF sends it only when a view has more than one renderer.',
    explains: (one, m) => m.field === 'vary' && one.config.scheme === 'accept' && same(strip(m.waymark, 'accept', one), m.drf as string[]),
  },
  {
    name: 'method-before-version',
    kind: 'field',
    reason:
      'docs/reference/versioning.md#order-of-checks: a known path with another method is a 405 before any version is determined (and before the Host check); ' +
      "DRF determines the version first: its 404/406, or the 400 of Django's host check when HostNameVersioning reads the host.",
    explains: (one, m) =>
      m.field === 'status' && m.waymark === 405 && one.request.method !== 'GET' && (m.drf === 404 || m.drf === 406 || (m.drf === 400 && one.drf.body === null)),
  },
  {
    name: 'not-implemented',
    kind: 'field',
    reason:
      'docs/methods.md: a method no route of the app declares (the differential app has GET routes only) is a 501 before the path is looked at; ' +
      'DRF answers 405 on a known path, after its own version checks (their 404, 406 or 400).',
    explains: (one, m) => m.field === 'status' && m.waymark === 501 && !['GET', 'HEAD', 'OPTIONS'].includes(one.request.method),
  },
  {
    name: 'path-sub-delims',
    kind: 'field',
    reason:
      "A path parameter value is encoded with encodeURIComponent, so `$&+,;=:@` are percent-encoded; Django's reverse() leaves RFC 3986 sub-delims, ':' and '@' bare. " +
      'The two URLs are equivalent once those escapes are decoded.',
    explains: (_one, m) =>
      m.field.startsWith('links.') && typeof m.drf === 'string' && typeof m.waymark === 'string' && m.waymark.replace(SUB_DELIMS, (hex) => decodeURIComponent(hex)) === m.drf,
  },
  {
    name: 'current-app',
    kind: 'field',
    reason:
      "docs/namespaces-and-reversal.md#reversal-inside-a-request: ctx.reverse resolves an application namespace ('users:users-list') in the matched route's instance first; DRF's reverse passes no current_app, so Django takes the last instance mounted.",
    explains: (one, m) => {
      const ns = /^\/ns\/(v1|v2|other)\//.exec(`${pathOf(one.request.path)}/`)?.[1];
      return m.field === 'links.app' && ns !== undefined && typeof m.waymark === 'string' && URL.canParse(m.waymark) && new URL(m.waymark).pathname === `/ns/${ns}/users`;
    },
  },
  {
    name: 'rfc2231-charset',
    kind: 'field',
    reason:
      "docs/reference/versioning.md#media-type-parameters: an RFC 2231 parameter (`version*=charset''value`) is decoded for UTF-8 and ISO-8859-1 only; any other charset is refused with the scheme's 406. " +
      "DRF 3.14 decodes with any Python codec (us-ascii), keeps the text when it has no '%' whatever the charset, and answers 500 for an unknown one with a '%' (LookupError).",
    explains: (one, m) =>
      m.field === 'status' && /\*\s*=\s*(?!utf-?8'|iso-?8859-1'|latin-?1')[^',]*'[^',]*'/i.test(one.request.headers.accept ?? ''),
  },
  {
    name: 'rfc2231-undecodable',
    kind: 'field',
    reason:
      "RFC 2231 §4 (and RFC 8187): an extended value is octets in the named charset, so octets that are not UTF-8 (`version*=utf-8''v%E9`) are no value: waymark ignores " +
      "the parameter (the range has no version, so the default or another range's answers). DRF 3.14 keeps U+FFFD (Django's parse_header unquotes with errors='replace'), " +
      'so its version is a text the client never sent, and usually a 406.',
    explains: (one, m) => (m.field === 'version' || m.field === 'status') && undecodableRfc2231(one.request.headers.accept ?? ''),
  },
  {
    name: 'encoded-slash',
    kind: 'field',
    reason:
      'docs/security.md#matching-and-route-patterns: an encoded slash (%2F) stays inside one path segment in waymark; Django percent-decodes the whole path before matching, so x%2Fy becomes two segments.',
    explains: (one) => /%2F/i.test(pathOf(one.request.path)),
  },
  {
    name: 'dot-segment-param',
    kind: 'field',
    reason:
      "docs/security.md#matching-and-route-patterns: a path parameter that decodes to '', '.' or '..' never matches (a link to it would change the URL's meaning); Django matches it and emits the dot segment in links.",
    explains: (one) => segments(one.request.path).some((segment) => ['', '.', '..'].includes(decoded(segment)) && segment !== ''),
  },
  {
    name: 'rebuilt-accepted-type',
    kind: 'field',
    reason:
      'For a wildcard range DRF rebuilds the accepted media type as unquoted text and parses it again, so a quoted ";" splits the version; waymark keeps the parameters it parsed (docs/reference/versioning.md#media-type-parameters, `*/*;version="a;b"`).',
    explains: (one, m) =>
      (m.field === 'version' && typeof m.waymark === 'string' && m.waymark.includes(';') && m.waymark.startsWith(String(m.drf))) ||
      (m.field === 'status' && m.waymark === 406 && /(^|,)\s*[^,;]*\*[^,;]*;[^,]*="[^"]*;[^"]*"/.test(one.request.headers.accept ?? '')),
  },
];

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.join() === b.join();
}

function strip(vary: unknown, token: string, one: Case): string[] {
  const list = (vary as string[]).filter((t) => t !== token);
  return one.waymark.type.startsWith('application/problem+json') ? list.filter((t) => t !== 'accept-language') : list;
}

export { varySet };

/** Documented differences of reversal (app.url against Django's reverse()). */
export interface ReversalException {
  name: string;
  reason: string;
  explains(params: Record<string, string>, django: string | null, waymark: string | null): boolean;
}

const values = (params: Record<string, string>) => Object.values(params);

export const reversalExceptions: ReversalException[] = [
  {
    name: 'path-sub-delims',
    reason: exceptions.find((e) => e.name === 'path-sub-delims')?.reason ?? '',
    explains: (_p, django, waymark) => django !== null && waymark !== null && waymark.replace(SUB_DELIMS, (hex) => decodeURIComponent(hex)) === django,
  },
  {
    name: 'dot-segment-value',
    reason:
      "docs/namespaces-and-reversal.md#what-reversal-guarantees: a value that is '.' or '..' (or a wildcard segment that is) would be resolved away by every URL parser, so waymark refuses it (NoReverseMatch); Django emits it.",
    explains: (params, django, waymark) => waymark === null && django !== null && values(params).some((v) => v.split('/').some((s) => s === '.' || s === '..')),
  },
  {
    name: 'empty-segment',
    reason:
      "A value that would make an empty path segment ('' or a wildcard with '//', a leading or trailing '/') is refused; Django emits it, escaping only a leading '//' as '/%2F' (CVE-2014-0480).",
    explains: (params, django, waymark) => waymark === null && django !== null && values(params).some((v) => v.split('/').some((s) => s === '')),
  },
  {
    name: 'slash-in-segment',
    reason:
      "A one-segment parameter keeps a '/' in its value as %2F (docs/namespaces-and-reversal.md#what-reversal-guarantees), so the link matches back to the same value; Django's `[^/]+` cannot hold a '/' and refuses it.",
    explains: (params, django, waymark) => django === null && waymark !== null && values(params).some((v) => v.includes('/')),
  },
  {
    name: 'prefix-route-slash',
    reason:
      "A route path of '/' under an include's prefix is the prefix itself (`include('/outer/:outer', ...)` + `@Get('/')` is '/outer/:outer'), so its links have no trailing slash; " +
      "Django's `^outer/(?P<outer>[0-9]+)/` + `^$` keeps it. Either form matches the route (trailing slash optional).",
    explains: () => false,
  },
  {
    name: 'round-trip',
    reason:
      "A value that would not match back to itself (a text-adjacent parameter such as /inc:outer whose value path-to-regexp would split differently) is refused; Django only checks that the whole URL matches its regex.",
    explains: (_p, django, waymark) => waymark === null && django !== null,
  },
];
