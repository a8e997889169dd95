import type { Token } from 'path-to-regexp';

/** One piece of a path form: literal text, or a parameter (`:id`, `*rest`). */
export type FormPart = { kind: 'text'; value: string } | { kind: 'param'; name: string; wildcard: boolean };

/** A pattern with every optional group either left out or kept: a path a client can send. */
export type PathForm = readonly FormPart[];

/**
 * The forms of a route pattern (its parsed tokens), one per combination of its
 * optional groups, each group left out before it is kept: `/users{/:page}`
 * gives `/users`, then `/users/:page`.
 */
export function formsOf(tokens: readonly Token[]): PathForm[] {
  return expand(tokens);
}

function expand(tokens: readonly Token[]): FormPart[][] {
  let forms: FormPart[][] = [[]];
  for (const token of tokens) {
    if (token.type === 'group') {
      const inner = expand(token.tokens);
      forms = forms.flatMap((form) => [form, ...inner.map((kept) => [...form, ...kept])]);
    } else {
      const part: FormPart = token.type === 'text' ? { kind: 'text', value: token.value } : { kind: 'param', name: token.name, wildcard: token.type === 'wildcard' };
      for (const form of forms) form.push(part);
    }
  }
  return forms;
}

/** The parameters of a form, in order. */
export function paramsOf(form: PathForm): { name: string; wildcard: boolean }[] {
  return form.filter((part): part is Extract<FormPart, { kind: 'param' }> => part.kind === 'param');
}

/**
 * The OpenAPI path template of a form: parameters as `{name}`, except those
 * in `filled` (the URL-path scheme's version), which are written in. Static
 * text is kept as reversal writes it; only what a template or a URL cannot
 * hold literally (braces, white space, non-ASCII) is percent-encoded. With
 * `named` false every parameter is `{}`: the shape OpenAPI compares paths by.
 */
export function templateOf(form: PathForm, filled: ReadonlyMap<string, string>, named = true): string {
  let path = '';
  for (const part of form) {
    if (part.kind === 'text') path += part.value.replace(/[{}\s]|[^\x00-\x7f]+/gu, (text) => encodeURIComponent(text));
    else path += filled.has(part.name) ? encodeURIComponent(filled.get(part.name) as string) : named ? `{${part.name}}` : '{}';
  }
  return path === '' ? '/' : path;
}
