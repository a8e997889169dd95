import { parse, type Token } from 'path-to-regexp';
import { countForms } from './tokens';

/** A pattern's tokens: path-to-regexp's parse, with non-ASCII static text percent-encoded (requests arrive encoded). */
export function tokensOf(source: string): Token[] {
  return quickParse(source) ?? encodeText(parse(source).tokens);
}

/** Characters path-to-regexp's parser treats as syntax besides `:`: `\\ " * { } ( ) [ ] + ? !`. */
const SYNTAX = new Set([92, 34, 42, 123, 125, 40, 41, 91, 93, 43, 63, 33]);

/** path-to-regexp's ID_START and ID_CONTINUE, restricted to ASCII. */
function idStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36;
}
function idContinue(code: number): boolean {
  return idStart(code) || (code >= 48 && code <= 57);
}

/**
 * path-to-regexp's tokens for an ASCII pattern of text and `:name`
 * parameters only (what nearly every route is), or `null` for anything else
 * (parse it then). path-to-regexp's parser builds a list of the source's
 * characters and a string per character: for 5,000 routes that was ~4 MiB of
 * garbage. One scan by character code, no regular expression (its match
 * arrays were most of what remained). test/table/parse.property.test.ts
 * checks both agree.
 */
export function quickParse(source: string): Token[] | null {
  const tokens: Token[] = [];
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code > 127 || SYNTAX.has(code)) return null;
    if (code !== 58) continue;
    let end = i + 1;
    // A ':' without a name: let the parser throw its error.
    if (end >= source.length || !idStart(source.charCodeAt(end))) return null;
    while (end < source.length && idContinue(source.charCodeAt(end))) end++;
    if (i > from) tokens.push({ type: 'text', value: source.slice(from, i) });
    tokens.push({ type: 'param', name: source.slice(i + 1, end) });
    from = end;
    i = end - 1;
  }
  if (from < source.length) tokens.push({ type: 'text', value: source.slice(from) });
  return tokens;
}

/** Besides `:`, what makes a pattern not simple: path-to-regexp's syntax, and `%` (a static key is compared decoded). */
const NOT_SIMPLE = new Set([...SYNTAX, 37]);

/**
 * Whether `source` is `/`-led ASCII static segments and whole-segment
 * `:name` parameters (`/users/:id`: what nearly every route is), whose
 * parameter list and tree path can be read straight off the source, with
 * nothing parsed or allocated. test/table/simple.property.test.ts holds
 * both readings to path-to-regexp's tokens.
 */
export function isSimple(source: string): boolean {
  if (source.charCodeAt(0) !== 47) return false;
  let start = 1;
  for (let i = 1; i <= source.length; i++) {
    const code = i === source.length ? 47 : source.charCodeAt(i);
    if (code === 47) {
      if (source.charCodeAt(start) === 58) {
        if (i - start < 2 || !idStart(source.charCodeAt(start + 1))) return false;
        for (let j = start + 2; j < i; j++) if (!idContinue(source.charCodeAt(j))) return false;
      }
      start = i + 1;
    } else if (code > 127 || NOT_SIMPLE.has(code) || (code === 58 && i !== start)) {
      return false;
    }
  }
  return true;
}

/**
 * Whether the parameters of a simple `source` are exactly `params` (plain,
 * required, same names in order), read without slicing the source.
 */
export function hasSimpleParams(source: string, params: readonly { name: string; wildcard: boolean; optional: boolean }[]): boolean {
  let count = 0;
  for (let start = 1; start <= source.length; ) {
    let end = source.indexOf('/', start);
    if (end === -1) end = source.length;
    if (source.charCodeAt(start) === 58) {
      const param = params[count++];
      if (param === undefined || param.wildcard || param.optional) return false;
      if (param.name.length !== end - start - 1 || !source.startsWith(param.name, start + 1)) return false;
    }
    start = end + 1;
  }
  return count === params.length;
}

/**
 * What path-to-regexp refuses only when it compiles a pattern (parsing
 * accepts it): more than 256 expansions of optional groups, and two
 * parameters with no text between them in any expansion (`/:a:b`, `/:a{:b}`).
 */
export function checkCaptures(tokens: readonly Token[]): void {
  if (countForms(tokens) > 256) throw new Error('Too many path combinations');
  after(tokens, TEXT);
}

/** Bits of what the last token emitted may be, over every way through the tokens (a group may be skipped). */
const TEXT = 1;
const CAPTURE = 2;

function after(tokens: readonly Token[], before: number): number {
  let state = before;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'text') state = TEXT;
    else if (token.type === 'group') state |= after(token.tokens, state);
    else {
      if (state & CAPTURE) throw new Error(`Missing text before "${token.name}" ${token.type}`);
      state = CAPTURE;
    }
  }
  return state;
}

/** Percent-encodes the non-ASCII characters of static text (UTF-8), leaving path-to-regexp syntax alone. */
function encodeText(tokens: Token[]): Token[] {
  if (!tokens.some(hasNonAscii)) return tokens;
  return tokens.map((token): Token => {
    if (token.type === 'group') return { ...token, tokens: encodeText(token.tokens) };
    if (token.type !== 'text') return token;
    return { ...token, value: token.value.replace(/[^\x00-\x7f]+/g, (run) => encodeURIComponent(run)) };
  });
}

function hasNonAscii(token: Token): boolean {
  return token.type === 'group' ? token.tokens.some(hasNonAscii) : token.type === 'text' && /[^\x00-\x7f]/.test(token.value);
}
