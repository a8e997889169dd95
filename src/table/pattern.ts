import { match, stringify, TokenData, type MatchFunction, type Token } from 'path-to-regexp';
import { checkCaptures, hasSimpleParams, isSimple, tokensOf } from './parse';
import type { PatternParam, RoutePattern } from '../model/route';
import type { Values } from '../model/reverse';
import { formsOf, paramsKey, paramsOf, type FlatToken } from './tokens';
import { encodeSegment, encodeWildcard, hasMixedSegment, textOf, wildcardText } from './encode';

/** One form of the pattern, built as `texts[0] + value0 + texts[1] + value1 + ...`. */
interface Filled {
  texts: string[];
  slots: { name: string; wildcard: boolean }[];
  /** Whether the form's text begins with `//` (see `build`). */
  doubleSlash: boolean;
}

interface Reversal {
  /**
   * The pattern's forms (table/tokens.ts) by their number of parameters, each
   * list in the matcher's order (an optional group kept before it is left
   * out): a call reads only the forms of its own size, one for most patterns.
   */
  bySize: (Filled[] | undefined)[];
  /** For a pattern with a segment such as `/:from-:to`: the matcher a built path must match back through. */
  matchBack: MatchFunction<Partial<Record<string, string | string[]>>> | null;
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
export class CompiledPattern implements RoutePattern {
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
      const tokens = this.tokens;
      const matchBack = hasMixedSegment(tokens) ? match(this.matchSource, { sensitive: true }) : null;
      const bySize: (Filled[] | undefined)[] = [];
      for (const form of formsOf(tokens).map(flatten)) (bySize[form.slots.length] ??= []).push(form);
      this.compiled = { bySize, matchBack };
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

  /** A pattern is not a RegExp path (`RegExpPattern` is); a getter, so no route pays a field for it. */
  get regexp(): null {
    return null;
  }

  isWildcard(name: string): boolean {
    return this.params.some((param) => param.name === name && param.wildcard);
  }

  /**
   * The path for `values`, or `null` when they do not fit: a required
   * parameter is missing, a value is unusable, or a given value has no place
   * in the pattern (an unknown name, or one inside an optional group whose
   * other parameters are missing). The form built is the first whose
   * parameters are exactly the given ones, in the matcher's order, so a
   * group of text alone is kept (`/a{/x}` builds `/a/x`).
   */
  build(values: Values): string | null {
    const { bySize, matchBack } = this.reversal;
    const forms = bySize[sizeOf(values)];
    if (forms === undefined) return null;
    for (let f = 0; f < forms.length; f++) {
      const form = forms[f];
      const path = fill(form, values);
      if (path === undefined) continue;
      if (path === null || (matchBack && !this.matchesBack(matchBack, path, values))) return null;
      // Values are never empty and never start with '/', so only the form's own text could begin with '//':
      // unreachable with non-empty segments, kept as the last line of defence (Django CVE-2014-0480).
      return form.doubleSlash ? `/%2F${path.slice(2)}` : path;
    }
    return null;
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
    const params = paramsOf(tokens);
    const key = paramsKey(params);
    let known = this.byKey.get(key);
    if (known === undefined) this.byKey.set(key, (known = Object.freeze(params.map((param) => Object.freeze(param)))));
    return (this.last = known);
  }
}

function flatten(tokens: readonly FlatToken[]): Filled {
  const texts = [''];
  const slots: { name: string; wildcard: boolean }[] = [];
  for (const token of tokens) {
    if (token.type === 'text') texts[texts.length - 1] += token.value;
    else {
      slots.push({ name: token.name, wildcard: token.type === 'wildcard' });
      texts.push('');
    }
  }
  return { texts, slots, doubleSlash: texts[0].startsWith('//') };
}

/** The form with `values` written in; `undefined` when one of its parameters has no value (not this form), `null` when a value is unusable. */
function fill({ texts, slots }: Filled, values: Values): string | null | undefined {
  let path = texts[0];
  for (let i = 0; i < slots.length; i++) {
    const value = valueOf(values, slots[i].name);
    if (value === undefined) return undefined;
    const encoded = slots[i].wildcard ? encodeWildcard(value) : encodeSegment(value);
    if (encoded === null) return null;
    path += encoded + texts[i + 1];
  }
  return path;
}
