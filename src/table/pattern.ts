import { match, stringify, TokenData, type MatchFunction, type Token } from 'path-to-regexp';
import { checkCaptures, hasSimpleParams, isSimple, tokensOf } from './parse';
import type { Values } from '../model/reverse';
import { encodeSegment, encodeWildcard, hasMixedSegment, textOf, wildcardText, type Encode } from './encode';

interface Reversal {
  parts: Part[];
  encode: Encode;
  /**
   * Patterns without optional groups (most of them) are built as
   * `texts[0] + value0 + texts[1] + value1 + ...`, with no bookkeeping.
   */
  flat: { texts: string[]; slots: { name: string; wildcard: boolean }[] } | null;
  /** For a pattern with a segment such as `/:from-:to`: the matcher a built path must match back through. */
  matchBack: MatchFunction<Partial<Record<string, string | string[]>>> | null;
}

type Part =
  | { kind: 'text'; value: string }
  | { kind: 'param' | 'wildcard'; name: string }
  | { kind: 'group'; parts: Part[] };

export interface PatternParam {
  name: string;
  wildcard: boolean;
  optional: boolean;
}

/** The value of `name` in `values`; a record's inherited properties do not count. */
export function valueOf(values: Values, name: string): unknown {
  if (values instanceof Map) return values.get(name);
  return Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;
}

function sizeOf(values: Values): number {
  if (values instanceof Map) return values.size;
  let size = 0;
  for (const key in values) if (Object.hasOwn(values, key)) size++;
  return size;
}

/**
 * A route pattern (path-to-regexp 8 syntax), checked when it is made, with everything
 * reversal needs. `build` never emits a URL that changes meaning: an empty,
 * `.` or `..` segment, or a value that is not a string or finite number,
 * makes it return `null`.
 */
export class CompiledPattern {
  /** The pattern as declared. */
  readonly source: string;
  /** Parameters in the order they appear (positional reversal maps onto this). */
  readonly params: readonly PatternParam[];
  /** What `build` needs, made on its first call: most routes of a large table are never reversed. */
  private compiled: Reversal | null = null;

  /**
   * `shared`: the lists of parameters this table's build has made, so that
   * thousands of `/:version/.../:id` routes keep one list between them.
   */
  constructor(source: string, shared?: ParamLists) {
    this.source = source;
    if (shared !== undefined && shared.last !== null && isSimple(source) && hasSimpleParams(source, shared.last)) {
      // The list of the route before (a controller's routes mostly share one): nothing to parse or check.
      this.params = shared.last;
      return;
    }
    const tokens = tokensOf(source);
    checkCaptures(tokens);
    this.params = shared === undefined ? paramsOf(tokens) : shared.of(tokens);
  }

  /**
   * The pattern as matched and reversed, parsed: non-ASCII static text
   * percent-encoded, since request paths arrive encoded (`/café` is requested
   * as `/caf%C3%A9`). Parsed again on each read, not kept: only building the
   * matcher and the OpenAPI document read it, and a table of 5,000 routes
   * kept 1 MiB of tokens for them.
   */
  get tokens(): Token[] {
    return tokensOf(this.source);
  }

  private get reversal(): Reversal {
    if (this.compiled === null) {
      const parts = toParts(this.tokens);
      const flat = parts.some((part) => part.kind === 'group') ? null : flatten(parts);
      const matchBack = hasMixedSegment(parts) ? match(this.matchSource, { sensitive: true }) : null;
      this.compiled = { parts, encode: encodeSegment, flat, matchBack };
    }
    return this.compiled;
  }

  /** `tokens` as a pattern string (`/caf%C3%A9/:id`). */
  get matchSource(): string {
    return stringify(new TokenData(this.tokens, this.source));
  }

  has(name: string): boolean {
    return this.params.some((param) => param.name === name);
  }

  isWildcard(name: string): boolean {
    return this.params.some((param) => param.name === name && param.wildcard);
  }

  /**
   * The path for `values`, or `null` when they do not fit: a required
   * parameter is missing, a value is unusable, or a given value has no place
   * in the pattern (an unknown name, or one inside an optional group whose
   * other parameters are missing).
   */
  build(values: Values): string | null {
    const { parts, encode, flat, matchBack } = this.reversal;
    let path: string | null;
    if (flat) {
      const { texts, slots } = flat;
      if (slots.length !== sizeOf(values)) return null;
      path = texts[0];
      for (let i = 0; i < slots.length; i++) {
        const value = valueOf(values, slots[i].name);
        const encoded = value === undefined ? null : slots[i].wildcard ? encodeWildcard(value, encode) : encode(value);
        if (encoded === null) return null;
        path += encoded + texts[i + 1];
      }
      if (matchBack && !this.matchesBack(matchBack, path, values)) return null;
      // Values are never empty and never start with '/', so only the pattern itself could begin with '//'.
      if (!texts[0].startsWith('//')) return path;
    } else {
      const used = new Set<string>();
      path = render(parts, values, used, encode);
      if (path === null || used.size !== sizeOf(values)) return null;
      if (matchBack && !this.matchesBack(matchBack, path, values)) return null;
    }
    // Unreachable with non-empty segments, kept as the last line of defence (Django CVE-2014-0480).
    return path.startsWith('//') ? `/%2F${path.slice(2)}` : path;
  }

  /**
   * Whether `path` matches this pattern with exactly the given values, as a
   * request would: `/x/:a-:b` with `{ a: 'a', b: 'c-d' }` builds `/x/a-c-d`,
   * which matches as `a: 'a-c'`, so no URL exists for those values (NoReverseMatch).
   */
  private matchesBack(matchBack: NonNullable<Reversal['matchBack']>, path: string, values: Values): boolean {
    const matched = matchBack(path);
    if (!matched) return false;
    return this.params.every(({ name, wildcard }) => {
      const value = valueOf(values, name);
      if (value === undefined) return true;
      const got = matched.params[name];
      return wildcard ? Array.isArray(got) && got.join('/') === wildcardText(value) : got === textOf(value);
    });
  }
}

/**
 * The parameter lists of one table's build, by names and kinds, each made
 * once and frozen (it is shared), and the last one handed out, which the
 * next route of a controller mostly has too.
 */
export class ParamLists {
  private readonly byKey = new Map<string, readonly PatternParam[]>();
  last: readonly PatternParam[] | null = null;

  of(tokens: readonly Token[]): readonly PatternParam[] {
    const key = paramsKey(tokens, false, '');
    let known = this.byKey.get(key);
    if (known === undefined) this.byKey.set(key, (known = Object.freeze(paramsOf(tokens).map((param) => Object.freeze(param)))));
    return (this.last = known);
  }
}

/** Each parameter's kind, optionality and length-prefixed name (names may hold any character), in order: one string per distinct list. */
function paramsKey(tokens: readonly Token[], optional: boolean, key: string): string {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'group') key = paramsKey(token.tokens, true, key);
    else if (token.type !== 'text') key += `${token.type === 'wildcard' ? '*' : ':'}${optional ? '?' : ''}${token.name.length}:${token.name}`;
  }
  return key;
}

function paramsOf(tokens: readonly Token[]): PatternParam[] {
  const params: PatternParam[] = [];
  collectParams(tokens, false, params);
  return params;
}

function flatten(parts: readonly Part[]): { texts: string[]; slots: { name: string; wildcard: boolean }[] } {
  const texts = [''];
  const slots: { name: string; wildcard: boolean }[] = [];
  for (const part of parts) {
    if (part.kind === 'text') texts[texts.length - 1] += part.value;
    else if (part.kind !== 'group') {
      slots.push({ name: part.name, wildcard: part.kind === 'wildcard' });
      texts.push('');
    }
  }
  return { texts, slots };
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

function collectParams(tokens: readonly Token[], optional: boolean, into: PatternParam[]): void {
  for (const token of tokens) {
    if (token.type === 'group') collectParams(token.tokens, true, into);
    else if (token.type !== 'text') into.push({ name: token.name, wildcard: token.type === 'wildcard', optional });
  }
}

function render(parts: readonly Part[], values: Values, used: Set<string>, encode: Encode): string | null {
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
    const value = valueOf(values, part.name);
    if (value === undefined) return null;
    const encoded = part.kind === 'wildcard' ? encodeWildcard(value, encode) : encode(value);
    if (encoded === null) return null;
    used.add(part.name);
    out += encoded;
  }
  return out;
}
