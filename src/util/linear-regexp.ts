import type { RE2JS } from 're2js';
import { ImproperlyConfigured } from '../errors';

/** re2js, loaded on the first pattern: it adds ~2.6 MiB of RSS that an app without patterns never uses. */
let engineClass: typeof RE2JS | undefined;
function re2(): typeof RE2JS {
  return (engineClass ??= (require('re2js') as typeof import('re2js')).RE2JS);
}

/**
 * A `RegExp` whose `test()` and `exec()` run on RE2 (the re2js port): time
 * linear in the input whatever the pattern, so `/(a+)+/` cannot stall the
 * event loop on a crafted value. `source` and `flags` stay those of the
 * pattern as written (for OpenAPI, `waymark routes` and error messages).
 * A heuristic detector (safe-regex2, as find-my-way uses) refuses safe
 * everyday patterns such as `[0-9]+(\.[0-9]+)?` and misses `(a|a)*`; an
 * engine without backtracking needs no guess. See docs/security.md.
 */
class LinearRegExp extends RegExp {
  readonly #engine: RE2JS;

  constructor(source: string, flags: string, engine: RE2JS) {
    super(source, flags);
    this.#engine = engine;
  }

  override test(input: string): boolean {
    return this.#engine.test(String(input));
  }

  override exec(input: string): RegExpExecArray | null {
    const text = String(input);
    const matcher = this.#engine.matcher(text);
    if (!matcher.find()) return null;
    const groups: (string | undefined)[] = [];
    for (let group = 0; group <= matcher.groupCount(); group++) groups.push(matcher.group(group) ?? undefined);
    return Object.assign(groups, { index: matcher.start(), input: text, groups: undefined }) as unknown as RegExpExecArray;
  }

  // Derived expressions (`String.prototype.replace` and friends) are plain RegExps, not linear ones.
  static override get [Symbol.species](): RegExpConstructor {
    return RegExp;
  }
}

/**
 * Compiles a user-supplied pattern (a route requirement, a schema `pattern`,
 * a `hostnameRegex`) for the linear engine. The `g` and `y` flags are dropped
 * (they make `test()` stateful); a pattern RE2 cannot run in linear time
 * (backreferences, lookahead, lookbehind) is `ImproperlyConfigured` naming
 * `where`, the pattern and the fix.
 */
export function linearRegExp(source: string, flags: string, where: string): RegExp {
  const kept = flags.replace(/[gyd]/g, '');
  const RE2 = re2();
  const flagBits: Record<string, number> = { i: RE2.CASE_INSENSITIVE, s: RE2.DOTALL, m: RE2.MULTILINE };
  let bits = 0;
  for (const flag of kept) bits |= flagBits[flag] ?? 0;
  let engine: RE2JS;
  try {
    new RegExp(source, kept);
    engine = RE2.compile(re2Syntax(source), bits);
  } catch (error) {
    throw new ImproperlyConfigured(
      `${where} is /${source}/${kept}, which waymark cannot run in linear time: ${(error as Error).message}. ` +
        'Patterns run on an engine without backtracking (RE2 syntax): rewrite it without backreferences, lookahead or lookbehind ' +
        '(and check it against a request value in a test). See docs/security.md.',
    );
  }
  return new LinearRegExp(source, kept, engine);
}

/**
 * JavaScript's `\uXXXX` and `\u{X}` escapes in RE2's spelling, `\x{X}`; every
 * other escape is kept as written (one pass: an escaped backslash is skipped
 * with the character it escapes).
 */
function re2Syntax(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') {
      out += source[i];
      continue;
    }
    const unicode = source[i + 1] === 'u' ? /^u(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/.exec(source.slice(i + 1, i + 10)) : null;
    if (unicode) {
      out += `\\x{${unicode[1] ?? unicode[2]}}`;
      i += unicode[0].length;
    } else {
      out += source.slice(i, i + 2);
      i++;
    }
  }
  return out;
}

/**
 * ajv's `code.regExp` engine: every schema `pattern` and `patternProperties`
 * key runs on the linear engine. ajv reads the engine's `code` property only
 * when it writes standalone validation code, which waymark never does.
 */
export const linearEngine = (pattern: string, flags: string): RegExp => linearRegExp(pattern, flags, `the pattern ${JSON.stringify(pattern)}`);
Object.defineProperty(linearEngine, 'code', { value: 'linearRegExp' });

/** The named groups of a pattern the linear engine runs, by group number (what `exec` gives back in order). */
export function namedGroups(source: string): Readonly<Record<string, number>> {
  return re2().compile(re2Syntax(source)).namedGroups();
}
