import fc from 'fast-check';

/**
 * Generated RegExp route paths for the differential against Django's `re_path` + `reverse()`
 * (docs/regexp-paths.md#against-django): each expression written twice, once for waymark (matched
 * from the path's `/`, JavaScript's `(?<name>...)`) and once for Django (matched after the `/`,
 * Python's `(?P<name>...)`), from the same pieces.
 */
export interface RegExpCase {
  /** The expression's source for waymark: `^\/items\/(?<g0>[^/]+)$`. */
  js: string;
  /** The same for Django's `re_path`: `^items/(?P<g0>[^/]+)$`. */
  py: string;
  groups: string[];
  /** What each group holds (`[^/]+`), in the same order. */
  inners: string[];
  /** The path waymark's reversal fills in before matching it back: the text, each value encoded as a link sends it. */
  sent(params: Record<string, string>): string;
  /** Whether it is literals and named groups only: what waymark reverses (docs/regexp-paths.md#reversal). */
  reversible: boolean;
  /** The parameters each reversal is given. */
  params: Record<string, string>[];
}

type Piece = { kind: 'text'; text: string } | { kind: 'group'; inner: string } | { kind: 'other'; source: string };

/** Literal text: characters that are themselves in both syntaxes once `/` (JavaScript) and `.` are escaped. */
const text = fc
  .array(fc.constantFrom('users', 'v1', 'a-b', 'x', '_', '~u', '.', 'p:q', '@', '/', 'files/', '-'), { minLength: 1, maxLength: 3 })
  .map((parts): Piece => ({ kind: 'text', text: parts.join('') }));

/** What a named group holds (the same text in both syntaxes), and text that fits it, so that most reversals can succeed. */
const FITTING: Record<string, RegExp | null> = {
  '[^/]+': null,
  '.+': null,
  '[^/]*': null,
  '[0-9]+': /^[0-9]{1,4}$/,
  '\\d+': /^[0-9]{1,4}$/,
  '[a-z]+': /^[a-z]{1,5}$/,
  '[a-z0-9-]+': /^[a-z0-9-]{1,6}$/,
  '\\w+': /^\w{1,5}$/,
  '[0-9a-f]{2,4}': /^[0-9a-f]{2,4}$/,
  '[a-z]+(?:-[a-z]+)*': /^[a-z]{1,3}(?:-[a-z]{1,3}){0,2}$/,
};
const inner = fc.constantFrom(...Object.keys(FITTING));
const group = inner.map((source): Piece => ({ kind: 'group', inner: source }));

/** Outside a group, what makes an expression more than literals and named groups (the same text in both syntaxes). */
const other = fc.constantFrom('[ab]', '.', 'x?', 'y+', 'z*', 'q{2}', '\\d', '([0-9]+)', '(?:a|b)', '|b').map((source): Piece => ({ kind: 'other', source }));

const escapeJs = (literal: string) => literal.replace(/[/.]/g, '\\$&');
const escapePy = (literal: string) => literal.replace(/\./g, '\\.');

/** Values a group is filled with: ones the common groups take, and generated text with what needs encoding. */
const unit = fc.constantFrom(...'aZ9-._~ !$&\'()*+,;=:@%/é☃'.split(''));
const value = fc.oneof(
  fc.constantFrom('12', '7', 'abc', 'a-b', 'x1', 'Z', '0f3a', 'a.b', 'a b', 'é', 'a/b', '.', '..', '', 'a:b', 'a@b', '$', 'a%b', '٣', 'ab-cd'),
  fc.string({ unit, minLength: 1, maxLength: 6 }),
);

function build(pieces: Piece[], anchored: boolean): Omit<RegExpCase, 'params'> {
  const sent = (params: Record<string, string>) => {
    let path = '/';
    let index = 0;
    for (const piece of pieces) {
      if (piece.kind === 'text') path += piece.text;
      else if (piece.kind === 'group') path += (params[`g${index++}`] ?? '').split('/').map(encodeURIComponent).join('/');
    }
    return path;
  };
  let js = '^\\/';
  let py = '^';
  const groups: string[] = [];
  const inners: string[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      js += escapeJs(piece.text);
      py += escapePy(piece.text);
    } else if (piece.kind === 'other') {
      js += piece.source;
      py += piece.source;
    } else {
      const name = `g${groups.length}`;
      groups.push(name);
      inners.push(piece.inner);
      js += `(?<${name}>${piece.inner})`;
      py += `(?P<${name}>${piece.inner})`;
    }
  }
  if (anchored) {
    js += '$';
    py += '$';
  }
  return { js, py, groups, inners, sent, reversible: pieces.every((piece) => piece.kind !== 'other') };
}

/** A value for a group: mostly text it takes, else anything. */
function fitting(source: string): fc.Arbitrary<string> {
  const fits = FITTING[source];
  return fits === null ? value : fc.oneof({ weight: 3, arbitrary: fc.stringMatching(fits) }, { weight: 2, arbitrary: value });
}

/** Parameters for one reversal: a value for each group, sometimes one left out or one more. */
const paramsFor = (groups: readonly string[], inners: readonly string[]) =>
  fc.tuple(fc.tuple(...inners.map(fitting)), fc.constantFrom('all', 'all', 'all', 'all', 'all', 'all', 'all', 'all', 'missing', 'extra')).map(([values, variant]) => {
    const params: Record<string, string> = Object.fromEntries(groups.map((name, i) => [name, values[i]]));
    if (variant === 'missing' && groups.length > 0) delete params[groups[0]];
    if (variant === 'extra') params.extra = '1';
    return params;
  });

export const regexpCase: fc.Arbitrary<RegExpCase> = fc
  .tuple(fc.array(fc.oneof({ weight: 3, arbitrary: text }, { weight: 4, arbitrary: group }, { weight: 1, arbitrary: other }), { minLength: 1, maxLength: 4 }), fc.boolean())
  .chain(([pieces, anchored]) => {
    const shape = build(pieces, anchored || pieces.every((piece) => piece.kind !== 'group'));
    return fc.array(paramsFor(shape.groups, shape.inners), { minLength: 3, maxLength: 3 }).map((params) => ({ ...shape, params }));
  });

/** A documented difference between waymark's RegExp reversal and Django's (docs/regexp-paths.md#against-django). */
export interface RegExpReversalException {
  name: string;
  explains(one: RegExpCase, params: Record<string, string>, django: string | null, waymark: string | null): boolean;
}

const SUB_DELIMS = /%(21|24|26|27|28|29|2A|2B|2C|3B|3D|3A|40)/gi;
const parts = (params: Record<string, string>) => Object.values(params).flatMap((v) => v.split('/'));
const changedByEncoding = (params: Record<string, string>) => parts(params).some((part) => encodeURIComponent(part) !== part);

const same = (a: Record<string, string> | null, b: Record<string, string>) => a !== null && JSON.stringify(a) === JSON.stringify(b);
const isEmptyOrDot = (part: string) => part === '' || part === '.' || part === '..';
/** The segments of the path Django built, its leading '/%2F' read back as the '//' it stands for. */
const segmentsOf = (url: string) => url.replace(/^\/%2F/i, '//').split('/').slice(1);

/** The values waymark's expression reads back from a URL Django built (as waymark matches a request: the path as sent). */
function readBack(one: RegExpCase, url: string): Record<string, string> | null {
  const found = new RegExp(one.js).exec(url);
  if (found === null) return null;
  try {
    return Object.fromEntries(Object.entries(found.groups ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

export const regexpReversalExceptions: RegExpReversalException[] = [
  {
    // Django keeps a quantifier's fewest repetitions and a class's first character; waymark refuses an expression that is not literals and named groups.
    name: 'django-guesses',
    explains: (one, _p, django, waymark) => !one.reversible && waymark === null && django !== null,
  },
  {
    // Django leaves sub-delims, ':' and '@' bare; waymark percent-encodes a value as encodeURIComponent does. The same URL once decoded.
    name: 'path-sub-delims',
    explains: (_one, _p, django, waymark) => django !== null && waymark !== null && waymark.replace(SUB_DELIMS, (hex) => decodeURIComponent(hex)) === django,
  },
  {
    // A link with an empty or dot segment is refused, from a value ('', '.', '..', a '/' at either end) or from the
    // expression's own text ('//x', '/./'); Django emits it, writing a leading '//' as '/%2F'.
    name: 'empty-or-dot-segment',
    explains: (_one, params, django, waymark) => waymark === null && django !== null && [...parts(params), ...segmentsOf(django)].some(isEmptyOrDot),
  },
  {
    // waymark holds the expression to the URL as a request sends it, percent-encoded (it matches requests so), Django to the
    // decoded text: an encoded value can fail the group's class, or split differently between adjacent groups.
    name: 'matched-as-sent',
    explains: (one, params, django, waymark) => waymark === null && django !== null && changedByEncoding(params) && !same(readBack(one, one.sent(params)), params),
  },
  {
    // waymark requires the URL to match back to the same values; Django only that the URL matches (adjacent groups, no '$').
    name: 'values-back',
    explains: (one, params, django, waymark) => {
      if (waymark !== null || django === null) return false;
      const back = readBack(one, django);
      return back !== null && !same(back, params);
    },
  },
];
