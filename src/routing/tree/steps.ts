import { pathToRegexp, TokenData, type Token } from 'path-to-regexp';
import { expand, hasGroups, type FlatToken as Flat } from '../../table/tokens';
import { canonical } from './canonical';

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
const STRICT_TAIL_OPTIONS = { sensitive: true, trailing: false } as const;

/**
 * The forms of a parsed pattern (as matched: non-ASCII text already
 * percent-encoded), in `expand`'s order; `strict`: a tail takes no optional
 * trailing `/` (docs/trailing-slash.md).
 */
export function formsOf(tokens: readonly Token[], strict = false): Form[] {
  if (!hasGroups(tokens)) return [toForm(tokens as readonly Flat[], strict)];
  const forms: Form[] = [];
  expand(tokens, (flat) => forms.push(toForm(flat, strict)));
  return forms;
}

/**
 * One pass over a flat token list, segment by segment (split on the `/` of
 * its text). Indexed loops and no intermediate lists: this runs once per
 * route at start-up, mostly before the JIT has optimised anything.
 */
function toForm(flat: readonly Flat[], strict: boolean): Form {
  const form: Form = { steps: [], names: [], wildcards: [], terminalWildcard: false };
  let text = '';
  let segment: Flat[] | null = null;
  let started = false;
  for (let i = 0; i < flat.length; i++) {
    const token = flat[i];
    if (token.type !== 'text') {
      if (segment === null) segment = text === '' ? [] : [{ type: 'text', value: text }];
      segment.push(token);
      continue;
    }
    const value = token.value;
    let from = 0;
    for (let slash = value.indexOf('/'); slash !== -1; slash = value.indexOf('/', from)) {
      if (slash > from) segment === null ? (text += value.slice(from, slash)) : segment.push({ type: 'text', value: value.slice(from, slash) });
      if (started && !close(form, text, segment, false)) {
        addTail(form, [SLASH, ...(segment as Flat[]), { type: 'text', value: value.slice(slash) }, ...flat.slice(i + 1)], strict);
        return form;
      }
      started = true;
      text = '';
      segment = null;
      from = slash + 1;
    }
    if (from < value.length) segment === null ? (text += value.slice(from)) : segment.push({ type: 'text', value: value.slice(from) });
  }
  if (!close(form, text, segment, true)) addTail(form, [SLASH, ...(segment as Flat[])], strict);
  return form;
}

const SLASH: Flat = { type: 'text', value: '/' };

/** Adds the step for one segment; `false` when it holds a wildcard the tree cannot take alone (a tail starts here). */
function close(form: Form, text: string, segment: Flat[] | null, last: boolean): boolean {
  if (segment === null) {
    form.steps.push({ kind: 'static', key: canonical(text) });
    return true;
  }
  let captures = 0;
  let wildcard = false;
  for (let i = 0; i < segment.length; i++) {
    const token = segment[i];
    if (token.type === 'text') continue;
    captures++;
    if (token.type === 'wildcard') wildcard = true;
  }
  if (wildcard && !(segment.length === 1 && last)) return false;
  if (segment.length === 1) form.steps.push(wildcard ? { kind: 'wildcard' } : { kind: 'param' });
  else form.steps.push({ kind: 'regex', regex: segmentRegex(segment), captures });
  form.terminalWildcard = wildcard;
  for (let i = 0; i < segment.length; i++) {
    const token = segment[i];
    if (token.type === 'text') continue;
    form.names.push(token.name);
    form.wildcards.push(token.type === 'wildcard');
  }
  return true;
}

/** The rest of a form from a segment the tree cannot take apart (a wildcard with more after it): path-to-regexp's own expression. */
function addTail(form: Form, rest: Flat[], strict: boolean): void {
  const { regexp, keys } = pathToRegexp(new TokenData(rest), strict ? STRICT_TAIL_OPTIONS : TAIL_OPTIONS);
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
