import type { Token } from 'path-to-regexp';
import type { PatternParam } from '../model/route';

/** A token outside every optional group: text, a `:param` or a `*wildcard`. */
export type FlatToken = Exclude<Token, { type: 'group' }>;

/**
 * Calls `done` with each way through the optional groups of a pattern's
 * tokens (a form), in the order path-to-regexp tries them: each group with
 * its tokens first, then without (`/items{/:page}` is `/items/:page`, then
 * `/items`). The matcher needs this order (of a route's forms, the first
 * that fits a path gives its parameters), and the OpenAPI document lists
 * forms in it. `into` is reused between calls: copy it to keep it.
 */
export function expand(tokens: readonly Token[], done: (form: FlatToken[]) => void, start = 0, into: FlatToken[] = []): void {
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === 'group') {
      const length = into.length;
      expand(token.tokens, (inner) => expand(tokens, done, index + 1, inner), 0, into);
      into.length = length;
      continue;
    }
    into.push(token);
  }
  done(into);
}

/** Every form of a pattern's tokens, in `expand`'s order: the tokens themselves when they have no group. */
export function formsOf(tokens: readonly Token[]): FlatToken[][] {
  if (!hasGroups(tokens)) return [tokens as FlatToken[]];
  const forms: FlatToken[][] = [];
  expand(tokens, (form) => forms.push(form.slice()));
  return forms;
}

export function hasGroups(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) if (tokens[i].type === 'group') return true;
  return false;
}

/** How many forms `expand` gives, without making them. */
export function countForms(tokens: readonly Token[]): number {
  let count = 1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'group') count *= countForms(token.tokens) + 1;
  }
  return count;
}

/** The parameters in the order they appear; those inside a group are optional. */
export function paramsOf(tokens: readonly Token[], optional = false, into: PatternParam[] = []): PatternParam[] {
  for (const token of tokens) {
    if (token.type === 'group') paramsOf(token.tokens, true, into);
    else if (token.type !== 'text') into.push({ name: token.name, wildcard: token.type === 'wildcard', optional });
  }
  return into;
}

/**
 * One string per distinct parameter list: each parameter's kind,
 * optionality and length-prefixed name (names may hold any character), in
 * order, after `head`. The table shares parameter lists by it, the matcher
 * its shapes.
 */
export function paramsKey(params: readonly { name: string; wildcard: boolean; optional?: boolean }[], head = ''): string {
  let key = head;
  for (let i = 0; i < params.length; i++) {
    const { name, wildcard, optional } = params[i];
    key += `${wildcard ? '*' : ':'}${optional ? '?' : ''}${name.length}:${name}`;
  }
  return key;
}
