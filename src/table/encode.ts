import type { Token } from 'path-to-regexp';

/** Percent-encoding of reversal values: one segment each, and never a segment that changes the URL's meaning. */

export type Encode = (value: unknown) => string | null;

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
 * Whether some path segment holds a capture beside other text or another
 * capture (`/:from-:to`, `/inc:outer`, `/:name.:ext`). There a value could
 * be split differently when the URL is matched, so reversal checks that the
 * built path matches back to the given values (see `CompiledPattern.build`).
 * Values are never re-encoded to make them fit: unreserved characters stay
 * as they are (RFC 3986 §2.3, docs/reference/decisions.md#reversal), and static text is emitted verbatim.
 */
export function hasMixedSegment(tokens: readonly Token[]): boolean {
  let mixed = false;
  let captures = 0;
  let text = false;
  const close = () => {
    if (captures > 1 || (captures === 1 && text)) mixed = true;
    captures = 0;
    text = false;
  };
  const visit = (list: readonly Token[]) => {
    for (const token of list) {
      if (token.type === 'group') visit(token.tokens);
      else if (token.type !== 'text') captures++;
      else {
        const pieces = token.value.split('/');
        pieces.forEach((piece, index) => {
          if (index > 0) close();
          if (piece !== '') text = true;
        });
      }
    }
  };
  visit(tokens);
  close();
  return mixed;
}

export function encodeWildcard(value: unknown, encode: Encode = encodeSegment): string | null {
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
