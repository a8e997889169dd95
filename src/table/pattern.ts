import { parse, type Token } from 'path-to-regexp';

/** A value a caller may put into a URL: only strings and numbers, never `undefined`, `null` or objects. */
export type ParamValue = string | number;
/** A value for a `*wildcard` parameter: a string whose `/` is kept, or its segments. */
export type WildcardValue = ParamValue | readonly ParamValue[];

type Part =
  | { kind: 'text'; value: string }
  | { kind: 'param' | 'wildcard'; name: string }
  | { kind: 'group'; parts: Part[] };

export interface PatternParam {
  name: string;
  wildcard: boolean;
  optional: boolean;
}

/**
 * A route pattern (path-to-regexp 8 syntax) parsed once, with everything
 * reversal needs. `build` never emits a URL that changes meaning: an empty,
 * `.` or `..` segment, or a value that is not a string or finite number,
 * makes it return `null`.
 */
export class CompiledPattern {
  readonly source: string;
  /** Parameters in the order they appear (positional reversal maps onto this). */
  readonly params: readonly PatternParam[];
  private readonly parts: Part[];
  private readonly encode: (value: unknown) => string | null;

  constructor(source: string) {
    this.source = source;
    this.parts = toParts(parse(source).tokens);
    const params: PatternParam[] = [];
    collectParams(this.parts, false, params);
    this.params = params;
    this.encode = segmentEncoder(delimiters(this.parts));
  }

  /**
   * The whole path segments the pattern starts with before anything
   * dynamic: `['users']` for `/users/:id`, `['v1', 'users']` for `/v1/users`.
   */
  staticSegments(): string[] {
    let text = '';
    let index = 0;
    for (; index < this.parts.length; index++) {
      const part = this.parts[index];
      if (part.kind !== 'text') break;
      text += part.value;
    }
    const pieces = text.split('/').slice(1);
    const next = this.parts[index];
    // Text right before a parameter is part of its segment; before `{/...}` or at the end it is whole.
    const wholeLast = next === undefined || (next.kind === 'group' && next.parts[0]?.kind === 'text' && next.parts[0].value.startsWith('/'));
    if (!wholeLast || pieces[pieces.length - 1] === '') pieces.pop();
    return pieces;
  }

  has(name: string): boolean {
    return this.params.some((param) => param.name === name);
  }

  /**
   * The path for `values`, or `null` when they do not fit: a required
   * parameter is missing, a value is unusable, or a given value has no place
   * in the pattern (an unknown name, or one inside an optional group whose
   * other parameters are missing).
   */
  build(values: ReadonlyMap<string, WildcardValue>): string | null {
    const used = new Set<string>();
    const path = render(this.parts, values, used, this.encode);
    if (path === null || used.size !== values.size) return null;
    // Unreachable with non-empty segments, kept as the last line of defence (Django CVE-2014-0480).
    return path.startsWith('//') ? `/%2F${path.slice(2)}` : path;
  }
}

function toParts(tokens: readonly Token[]): Part[] {
  return tokens.map((token): Part => {
    switch (token.type) {
      case 'text':
        return { kind: 'text', value: token.value };
      case 'param':
        return { kind: 'param', name: token.name };
      case 'wildcard':
        return { kind: 'wildcard', name: token.name };
      case 'group':
        return { kind: 'group', parts: toParts(token.tokens) };
    }
  });
}

function collectParams(parts: readonly Part[], optional: boolean, into: PatternParam[]): void {
  for (const part of parts) {
    if (part.kind === 'group') collectParams(part.parts, true, into);
    else if (part.kind !== 'text') into.push({ name: part.name, wildcard: part.kind === 'wildcard', optional });
  }
}

type Encode = (value: unknown) => string | null;

function render(parts: readonly Part[], values: ReadonlyMap<string, WildcardValue>, used: Set<string>, encode: Encode): string | null {
  let out = '';
  for (const part of parts) {
    if (part.kind === 'text') {
      out += part.value;
      continue;
    }
    if (part.kind === 'group') {
      const inner = new Set<string>();
      const text = render(part.parts, values, inner, encode);
      if (text !== null) {
        out += text;
        for (const name of inner) used.add(name);
      }
      continue;
    }
    const value = values.get(part.name);
    if (value === undefined) return null;
    const encoded = part.kind === 'wildcard' ? encodeWildcard(value, encode) : encode(value);
    if (encoded === null) return null;
    used.add(part.name);
    out += encoded;
  }
  return out;
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
  if (text === null || text === '' || text === '.' || text === '..' || !text.isWellFormed()) return null;
  return encodeURIComponent(text);
}

/**
 * The characters that separate two captures in one segment (`-` in
 * `/:from-:to`, `.` in `/:name.:ext`). path-to-regexp stops a capture at
 * them, so a value must carry them percent-encoded to match back whole.
 * Only those encodeURIComponent leaves as they are need it.
 */
function delimiters(parts: readonly Part[]): Set<string> {
  const found = new Set<string>();
  let text = '';
  let captured = false;
  const visit = (list: readonly Part[]) => {
    for (const part of list) {
      if (part.kind === 'group') visit(part.parts);
      else if (part.kind !== 'text') captured = true;
      else {
        for (const char of part.value) {
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

function segmentEncoder(extra: ReadonlySet<string>): Encode {
  if (extra.size === 0) return encodeSegment;
  const escape = (c: string) => (/[A-Za-z0-9]/.test(c) ? c : `\\${c}`);
  const pattern = new RegExp(`%[0-9A-F]{2}|[${[...extra].map(escape).join('')}]`, 'g');
  const hex = (c: string) => (c.length === 3 ? c : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return (value) => encodeSegment(value)?.replace(pattern, hex) ?? null;
}

function encodeWildcard(value: WildcardValue, encode: Encode): string | null {
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
export function wildcardText(value: WildcardValue): string | null {
  if (!Array.isArray(value)) return textOf(value);
  const texts = value.map(textOf);
  return texts.includes(null) ? null : texts.join('/');
}
