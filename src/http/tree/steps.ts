import { pathToRegexp, TokenData, type Token } from 'path-to-regexp';
import { canonical } from './canonical';

type Flat = Exclude<Token, { type: 'group' }>;

/**
 * One path segment of a route, as the tree matches it:
 * - `static`: text only, compared after percent-decoding (`key`);
 * - `param`: one parameter alone in its segment (`/:id/`);
 * - `regex`: parameters mixed with text (`/:name.:ext`), matched by the
 *   segment's own part of path-to-regexp's expression;
 * - `wildcard`: a `*rest` alone in the last segment, taking the rest of the path;
 * - `tail`: anything else from here to the end (a wildcard followed by more
 *   text), matched by path-to-regexp's expression for that rest.
 */
export type Step =
  | { kind: 'static'; key: string }
  | { kind: 'param' }
  | { kind: 'regex'; regex: RegExp; captures: number }
  | { kind: 'wildcard' }
  | { kind: 'tail'; regex: RegExp; wildcards: boolean[]; terminalWildcard: boolean };

/** One expansion of a pattern's optional groups, as steps, with its parameters in capture order. */
export interface Form {
  steps: Step[];
  names: string[];
  /** Per capture: is it a `*wildcard` (exempt from the length limit)? */
  wildcards: boolean[];
  /** Whether the last capture is a wildcard ending the pattern (a trailing `/` after it is the optional one). */
  terminalWildcard: boolean;
}

const SEGMENT_OPTIONS = { sensitive: true, trailing: false } as const;
const TAIL_OPTIONS = { sensitive: true, trailing: true } as const;

/**
 * The forms of a parsed pattern (path-to-regexp 8 tokens, as matched:
 * non-ASCII text already percent-encoded), in the order path-to-regexp tries
 * them: `/items{/:page}` is `/items/:page`, then `/items`.
 */
export function formsOf(tokens: readonly Token[]): Form[] {
  if (!tokens.some((token) => token.type === 'group')) return [toForm(tokens as readonly Flat[])];
  const forms: Form[] = [];
  expand(tokens, 0, [], (flat) => forms.push(toForm(flat)));
  return forms;
}

/** path-to-regexp's own order: each group with its tokens first, then without. */
function expand(tokens: readonly Token[], start: number, into: Flat[], done: (flat: Flat[]) => void): void {
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === 'group') {
      const length = into.length;
      expand(token.tokens, 0, into, (inner) => expand(tokens, index + 1, inner, done));
      into.length = length;
      continue;
    }
    into.push(token);
  }
  done(into);
}

/** Splits a flat token list into segments on the `/` of its text. */
function segmentsOf(flat: readonly Flat[]): Flat[][] {
  const segments: Flat[][] = [];
  for (const token of flat) {
    if (token.type !== 'text') {
      segments[segments.length - 1].push(token);
      continue;
    }
    const pieces = token.value.split('/');
    if (pieces[0] !== '') segments[segments.length - 1].push({ type: 'text', value: pieces[0] });
    for (let i = 1; i < pieces.length; i++) segments.push(pieces[i] === '' ? [] : [{ type: 'text', value: pieces[i] }]);
  }
  return segments;
}

function toForm(flat: readonly Flat[]): Form {
  const form: Form = { steps: [], names: [], wildcards: [], terminalWildcard: false };
  const segments = segmentsOf(flat);
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    let keys = 0;
    let wildcard = false;
    for (const token of segment) {
      if (token.type === 'text') continue;
      keys++;
      wildcard ||= token.type === 'wildcard';
    }
    if (keys === 0) {
      form.steps.push({ kind: 'static', key: canonical(segment.length === 1 ? (segment[0] as { value: string }).value : segment.map((token) => (token as { value: string }).value).join('')) });
      continue;
    }
    if (wildcard && !(segment.length === 1 && index === segments.length - 1)) {
      addTail(form, segments.slice(index));
      return form;
    }
    if (segment.length === 1) form.steps.push(wildcard ? { kind: 'wildcard' } : { kind: 'param' });
    else form.steps.push({ kind: 'regex', regex: segmentRegex(segment), captures: keys });
    form.terminalWildcard = wildcard;
    for (const token of segment) {
      if (token.type === 'text') continue;
      form.names.push(token.name);
      form.wildcards.push(token.type === 'wildcard');
    }
  }
  return form;
}

/** The rest of a form from a segment the tree cannot take apart (a wildcard with text after it): path-to-regexp's own expression. */
function addTail(form: Form, segments: readonly Flat[][]): void {
  const rest = segments.flatMap((tokens): Flat[] => [{ type: 'text', value: '/' }, ...tokens]);
  const { regexp, keys } = pathToRegexp(new TokenData(rest), TAIL_OPTIONS);
  const wildcards = keys.map((key) => key.type === 'wildcard');
  const terminalWildcard = rest[rest.length - 1].type === 'wildcard';
  form.steps.push({ kind: 'tail', regex: regexp, wildcards, terminalWildcard });
  for (const key of keys) form.names.push(key.name);
  form.wildcards.push(...wildcards);
  form.terminalWildcard = terminalWildcard;
}

/**
 * The segment's part of path-to-regexp's expression, anchored to the
 * segment: a segment without a wildcard is compiled the same wherever it
 * stands (path-to-regexp's state resets at every `/`).
 */
function segmentRegex(segment: readonly Flat[]): RegExp {
  const { regexp } = pathToRegexp(new TokenData([{ type: 'text', value: '/' }, ...segment]), SEGMENT_OPTIONS);
  const head = '^(?:\\/';
  if (!regexp.source.startsWith(head) || !regexp.source.endsWith(')$')) throw new Error(`unexpected expression ${regexp.source}`);
  return new RegExp(`^(?:${regexp.source.slice(head.length, -2)})$`);
}
