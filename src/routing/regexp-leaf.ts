import { httpError } from '../errors';
import type { RegExpPath } from '../model/route';
import type { Form } from './tree/steps';
import { formsOf } from './tree/steps';
import { newParams } from '../util/params';

/**
 * The tree forms of a RegExp path (docs/regexp-paths.md): each form of its
 * prefix, then the expression as the form's tail, run on the rest of the
 * path from its `/`. Its groups are captures after the prefix's parameters,
 * exempt from the length limit (like wildcards): the expression bounds them.
 */
export function regexpForms(path: RegExpPath, strict: boolean): Form[] {
  const prefixes: Form[] = path.prefixTokens.length === 0 ? [{ steps: [], names: [], wildcards: [], terminalWildcard: false }] : formsOf(path.prefixTokens, strict);
  return prefixes.map((form) => ({
    steps: [...form.steps, { kind: 'tail', regex: path.expression, wildcards: path.groups.map(() => true), terminalWildcard: false }],
    names: [...form.names, ...path.groups.map((name) => name ?? '')],
    wildcards: [...form.wildcards, ...path.groups.map(() => true)],
    terminalWildcard: false,
  }));
}

/**
 * A RegExp route's parameters from the raw captures (the prefix's, then the
 * expression's groups, named by the leaf's `names`), or `null` when a prefix
 * value is unusable: named groups decoded (a group that took no part is
 * absent, as in @koa/router); `captures` are the expression's groups as
 * matched, in order, for `ctx.captures`.
 */
export function regexpParams(
  raw: readonly (string | undefined)[],
  names: readonly string[],
  groups: readonly (string | null)[],
  paramLength: number,
): { params: Record<string, string>; captures: readonly (string | undefined)[] } | null {
  const params = newParams();
  const first = raw.length - groups.length;
  for (let i = 0; i < raw.length; i++) {
    const value = raw[i];
    const inPrefix = i < first;
    if (value === undefined || (!inPrefix && groups[i - first] === null)) continue;
    if (inPrefix && value.length > paramLength) throw httpError('PARAM_TOO_LONG');
    let decoded: string;
    try {
      decoded = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw httpError('MALFORMED_PATH');
    }
    if (inPrefix && (decoded === '' || decoded === '.' || decoded === '..')) return null;
    params[names[i]] = decoded;
  }
  return { params, captures: raw.slice(first) };
}
