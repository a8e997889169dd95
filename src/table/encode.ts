/** Percent-encoding of reversal values: one segment each, and never a segment that changes the URL's meaning. */

export type Encode = (value: unknown) => string | null;

export interface DelimiterSource {
  kind: string;
  value?: string;
  parts?: DelimiterSource[];
}

/** The text a value stands for, or `null` when it is not a string or finite number. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** One path segment, percent-encoded; `null` for empty, dot segments and lone surrogates. */
export function encodeSegment(value: unknown): string | null {
  const text = textOf(value);
  if (text === null || text === '' || text === '.' || text === '..') return null;
  if (isPlain(text)) return text;
  return text.isWellFormed() ? encodeURIComponent(text) : null;
}

/** Letters, digits, `-`, `_` and `~` only: such a value is its own encoding (the common case: ids, slugs). */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const plain = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c === 126;
    if (!plain) return false;
  }
  return true;
}

/**
 * The characters that separate two captures in one segment (`-` in
 * `/:from-:to`, `.` in `/:name.:ext`). path-to-regexp stops a capture at
 * them, so a value must carry them percent-encoded to match back whole.
 * Only those encodeURIComponent leaves as they are need it.
 */
export function delimiters(parts: readonly DelimiterSource[]): Set<string> {
  const found = new Set<string>();
  let text = '';
  let captured = false;
  const visit = (list: readonly DelimiterSource[]) => {
    for (const part of list) {
      if (part.kind === 'group') visit(part.parts ?? []);
      else if (part.kind !== 'text') captured = true;
      else {
        for (const char of part.value ?? '') {
          if (char !== '/') text += char;
          else {
            if (captured) for (const c of text) found.add(c);
            text = '';
            captured = false;
          }
        }
      }
    }
  };
  visit(parts);
  if (captured) for (const c of text) found.add(c);
  for (const char of found) if (!/^[A-Za-z0-9\-_.!~*'()]$/.test(char)) found.delete(char);
  return found;
}

export function segmentEncoder(extra: ReadonlySet<string>): Encode {
  if (extra.size === 0) return encodeSegment;
  const escape = (c: string) => (/[A-Za-z0-9]/.test(c) ? c : `\\${c}`);
  const pattern = new RegExp(`%[0-9A-F]{2}|[${[...extra].map(escape).join('')}]`, 'g');
  const hex = (c: string) => (c.length === 3 ? c : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return (value) => encodeSegment(value)?.replace(pattern, hex) ?? null;
}

export function encodeWildcard(value: unknown, encode: Encode): string | null {
  const segments: readonly unknown[] = Array.isArray(value) ? value : (textOf(value) ?? '').split('/');
  if (segments.length === 0) return null;
  const encoded: string[] = [];
  for (const segment of segments) {
    const text = encode(segment);
    if (text === null) return null;
    encoded.push(text);
  }
  return encoded.join('/');
}

/** The text a wildcard value stands for (segments joined by `/`), for requirement checks. */
export function wildcardText(value: unknown): string | null {
  if (!Array.isArray(value)) return textOf(value);
  const texts = value.map(textOf);
  return texts.includes(null) ? null : texts.join('/');
}
