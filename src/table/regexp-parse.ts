/** One piece of a reversible expression: literal text, or a named group that reversal fills. */
export type ExpressionPiece = { readonly text: string } | { readonly name: string };

/** What a RegExp path's source says about its groups and its reversal (docs/regexp-paths.md#reversal). */
export interface ExpressionShape {
  /** Each capturing group in order (as `exec` numbers them): its name, `null` when unnamed. */
  readonly groups: readonly (string | null)[];
  /** The expression as literals and named groups, `null` when it is not that. */
  readonly pieces: readonly ExpressionPiece[] | null;
  /** Why reversal cannot fill it, `null` when it can. */
  readonly irreversible: string | null;
}

/** Characters that stand for themselves when escaped. */
const ESCAPABLE = new Set('^$\\.*+?()[]{}|/-_~!@#%&=:;,\'"<>`'.split(''));

/**
 * Reads a JavaScript expression's source (already known to compile) as Django's
 * `re_path` reversal does (`django/utils/regex_helper.py`, `normalize`), held
 * to its plainest case: an optional `^`, then literal characters (visible
 * ASCII, escaped where they are syntax) and named groups, then an optional
 * `$`. Whatever a named group holds is what reversal fills it with (checked
 * afterwards against the whole expression); anything else outside one (a
 * class, `.`, a quantifier, an unnamed or non-capturing group, `|`) makes the
 * expression irreversible, and the reason names it. Hand-written: no library
 * reads JavaScript's syntax down to its groups (regexp-tree would be a new
 * dependency for one walk over the source).
 */
export function shapeOf(source: string): ExpressionShape {
  const groups: (string | null)[] = [];
  const pieces: ExpressionPiece[] = [];
  let irreversible: string | null = null;
  const refuse = (reason: string) => (irreversible ??= reason);
  let text = '';
  const flush = () => {
    if (text !== '') pieces.push({ text });
    text = '';
  };
  let i = source.startsWith('^') ? 1 : 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      const literal = escaped(source, i);
      if (literal === null) refuse(`the escape ${source.slice(i, i + 2)} is a class of characters, not one`);
      else text += literal.char;
      i = literal === null ? i + 2 : literal.end;
    } else if (c === '(') {
      const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(source.slice(i));
      if (named) {
        flush();
        groups.push(named[1]);
        pieces.push({ name: named[1] });
        const inner: (string | null)[] = [];
        i = skipGroup(source, i + named[0].length, inner);
        if (inner.some((name) => name !== null)) refuse(`the named group "${named[1]}" holds another named group`);
        groups.push(...inner);
      } else {
        const capturing = source[i + 1] !== '?';
        if (capturing) groups.push(null);
        refuse(capturing ? 'an unnamed group, whose value (in ctx.captures) has no name to reverse by' : `the group ${source.slice(i, i + 3)}...), which is not a named group`);
        i = skipGroup(source, i + (capturing ? 1 : 2), groups);
      }
      if (i < source.length && '*+?{'.includes(source[i])) refuse(`the quantifier '${source[i]}' after a group`);
    } else if (c === '[') {
      refuse('a character class [...]');
      i = skipClass(source, i);
    } else if (c === '$' && i === source.length - 1) {
      i++;
    } else if ('.*+?{}|^$)]'.includes(c)) {
      refuse(c === '.' ? "'.' (any character) outside a named group" : c === '|' ? "an alternation '|'" : '*+?{'.includes(c) ? `the quantifier '${c}'` : `the '${c}' outside a named group`);
      i++;
    } else {
      if (c < '!' || c > '~') refuse(`the character ${JSON.stringify(c)}, which a URL carries percent-encoded`);
      text += c;
      i++;
    }
  }
  flush();
  return { groups, pieces: irreversible === null ? pieces : null, irreversible };
}

/** The character an escape at `i` stands for and where it ends, or `null` for a class (`\d`), a back-reference or a control character. */
function escaped(source: string, i: number): { char: string; end: number } | null {
  const next = source[i + 1];
  if (ESCAPABLE.has(next)) return { char: next, end: i + 2 };
  const hex = /^\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\})/.exec(source.slice(i, i + 10));
  if (hex) {
    const char = String.fromCodePoint(parseInt(hex[1] ?? hex[2] ?? hex[3], 16));
    return char >= '!' && char <= '~' ? { char, end: i + hex[0].length } : null;
  }
  return null;
}

/** The index after the `)` closing a group whose content starts at `i`, adding the capturing groups inside it to `groups` in order. */
function skipGroup(source: string, i: number, groups: (string | null)[]): number {
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === '[') i = skipClass(source, i);
    else if (c === ')') return i + 1;
    else if (c === '(') {
      const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(source.slice(i));
      if (named) groups.push(named[1]);
      else if (source[i + 1] !== '?') groups.push(null);
      i = skipGroup(source, i + (named ? named[0].length : source[i + 1] === '?' ? 2 : 1), groups);
    } else i++;
  }
  return i;
}

/** The index after the `]` closing a class that starts at `i` (a `]` first in it, or escaped, is a member). */
function skipClass(source: string, i: number): number {
  let j = i + 1;
  if (source[j] === '^') j++;
  if (source[j] === ']') j++;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}
