/**
 * One media range of an Accept header, parsed the way Django REST Framework
 * parses it (docs/reference/versioning.md#media-type-parameters), with RFC 9110 quoted strings. It is lenient
 * on purpose: a piece without `=` is ignored, values keep their case, a
 * quoted value is unquoted and unescaped, `name*=charset'lang'value` is
 * RFC 2231 decoded (a value that does not decode is ignored), and the last of
 * repeated names wins. Parameter names are lower-cased.
 */
export interface MediaType {
  /** `type/subtype`, lower-cased. */
  readonly full: string;
  readonly main: string;
  readonly sub: string;
  readonly params: ReadonlyMap<string, string>;
  /**
   * Parameters sent RFC 2231-encoded in a charset other than UTF-8 or
   * ISO-8859-1 (`version*=us-ascii''1`): refused, never guessed (docs/reference/versioning.md#accept-header).
   */
  readonly refused?: ReadonlySet<string>;
}

export function parseMediaType(text: string): MediaType {
  const [head, ...pieces] = splitOutsideQuotes(text, ';');
  const full = head.trim().toLowerCase();
  const slash = full.indexOf('/');
  const params = new Map<string, string>();
  let refused: Set<string> | undefined;
  for (const piece of pieces) {
    const equals = piece.indexOf('=');
    if (equals === -1) continue;
    let name = piece.slice(0, equals).trim().toLowerCase();
    let value = piece.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    if (name.endsWith('*')) {
      name = name.slice(0, -1);
      const decoded = decodeRfc2231(value);
      // Bytes that are not UTF-8 are no value: the parameter is absent, as in DRF (docs/reference/versioning.md).
      if (decoded === undefined) continue;
      // Kept as written, so the range stays as specific as sent, and marked refused.
      if (decoded === null) (refused ??= new Set()).add(name);
      else {
        value = decoded;
        refused?.delete(name);
      }
    } else refused?.delete(name);
    params.set(name, value);
  }
  return {
    full,
    main: slash === -1 ? full : full.slice(0, slash),
    sub: slash === -1 ? '' : full.slice(slash + 1),
    params,
    ...(refused && refused.size > 0 ? { refused } : {}),
  };
}

/** DRF's precedence: `*\/*` 0, `type/*` 1, no parameters but `q` 2, otherwise 3. */
export function precedence(media: MediaType): number {
  if (media.main === '*') return 0;
  if (media.sub === '*') return 1;
  for (const name of media.params.keys()) if (name !== 'q') return 3;
  return 2;
}

/** True when the offered type `offer` satisfies the client's range `range` (DRF's `_MediaType.match`). */
export function satisfies(offer: MediaType, range: MediaType): boolean {
  for (const [name, value] of offer.params) {
    if (name !== 'q' && range.params.get(name) !== value) return false;
  }
  if (offer.sub !== '*' && range.sub !== '*' && range.sub !== offer.sub) return false;
  return offer.main === '*' || range.main === '*' || range.main === offer.main;
}

/**
 * Splits on `separator` outside double-quoted strings (a backslash escapes
 * the next character inside them). One pass, no regular expression.
 */
export function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\') i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const UTF8 = /^utf-?8$/i;
const LATIN1 = /^(?:iso-?8859-1|latin-?1)$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * RFC 2231 (`charset'language'percent-encoded`): `utf-8''1%2E0` is `1.0`.
 * UTF-8 and ISO-8859-1 are decoded; bytes that are not UTF-8 (`%E9`) give
 * `undefined`: a value that does not decode in its own charset is no value
 * (RFC 8187 §3.2.1 allows no other reading), rather than U+FFFD standing for
 * what the client meant. Any other charset gives `null`, refused. A value
 * without exactly two `'` is kept as written (Django).
 */
function decodeRfc2231(value: string): string | null | undefined {
  const parts = value.split("'");
  if (parts.length !== 3) return value;
  const [charset, , encoded] = parts;
  const latin1 = LATIN1.test(charset);
  if (!latin1 && !UTF8.test(charset)) return null;
  try {
    return encoded.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16));
      return latin1 ? String.fromCharCode(...bytes) : utf8.decode(bytes);
    });
  } catch {
    return undefined;
  }
}
