import type { FlatToken } from '../table/tokens';

/** A pattern with every optional group either left out or kept (table/tokens.ts `formsOf`): a path a client can send. */
export type PathForm = readonly FlatToken[];

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
    if (part.type === 'text') path += part.value.replace(/[{}\s]|[^\x00-\x7f]+/gu, (text) => encodeURIComponent(text));
    else path += filled.has(part.name) ? encodeURIComponent(filled.get(part.name) as string) : named ? `{${part.name}}` : '{}';
  }
  return path === '' ? '/' : path;
}
