import { stringify, TokenData, type Token } from 'path-to-regexp';
import { ImproperlyConfigured } from '../errors';
import { linearRegExp } from '../util/linear-regexp';
import type { PatternParam, RegExpPath, RoutePattern } from '../model/route';
import type { Values } from '../model/reverse';
import { CompiledPattern, valueOf } from './pattern';
import { encodeWildcard, wildcardText } from './encode';
import { shapeOf, type ExpressionPiece } from './regexp-parse';
import { tokensOf } from './parse';

/**
 * A route path given as a RegExp (docs/regexp-paths.md): its prefixes are a
 * pattern, matched as any other; the expression runs on the linear engine
 * against the rest of the path, from its `/`. Named groups are parameters;
 * unnamed ones are `ctx.captures` only. It reverses by Django's `re_path`
 * rule: when the expression is literals and named groups, each group is
 * filled with its value (encoded as a wildcard's, `/` kept) and the result
 * must match the expression back, giving the same values.
 */
export class RegExpPattern implements RoutePattern, RegExpPath {
  readonly source: string;
  readonly params: readonly PatternParam[];
  readonly prefix: string;
  readonly prefixTokens: Token[];
  readonly expression: RegExp;
  readonly groups: readonly (string | null)[];
  readonly irreversible: string | null;
  private readonly pieces: readonly ExpressionPiece[] | null;
  private readonly prefixPattern: CompiledPattern | null;

  constructor(prefix: string, expression: RegExp, where: string) {
    let base = prefix;
    while (base.endsWith('/')) base = base.slice(0, -1);
    this.prefix = base;
    this.source = `${base}${String(expression)}`;
    this.expression = linearRegExp(expression.source, expression.flags, `the path of ${where}`);
    this.prefixPattern = base === '' ? null : new CompiledPattern(base);
    this.prefixTokens = base === '' ? [] : tokensOf(base);
    if (this.prefixPattern?.params.some((param) => param.wildcard)) {
      throw new ImproperlyConfigured(`${where}: its RegExp path follows the prefix '${base}', whose wildcard would take the rest of the path first. Put the wildcard in the expression instead.`);
    }
    const shape = shapeOf(expression.source);
    this.groups = shape.groups;
    this.pieces = shape.pieces;
    this.irreversible = shape.irreversible;
    const params: PatternParam[] = [...(this.prefixPattern?.params ?? [])];
    for (const name of shape.groups) {
      if (name === null) continue;
      if (params.some((param) => param.name === name)) throw new ImproperlyConfigured(`${where}: the parameter "${name}" appears twice in '${this.source}'. Rename one.`);
      params.push({ name, wildcard: false, optional: false });
    }
    this.params = params;
  }

  /** The path as a template: the prefix's tokens, then the expression's literals and groups (what OpenAPI lists); the prefix alone when irreversible. */
  get tokens(): Token[] {
    const tokens: Token[] = [...this.prefixTokens];
    for (const piece of this.pieces ?? []) tokens.push('text' in piece ? { type: 'text', value: piece.text } : { type: 'param', name: piece.name });
    return tokens;
  }

  get matchSource(): string {
    return stringify(new TokenData(this.tokens));
  }

  get regexp(): RegExpPath {
    return this;
  }

  has(name: string): boolean {
    return this.params.some((param) => param.name === name);
  }

  isWildcard(): boolean {
    return false;
  }

  /**
   * The path for `values`, or `null`: the expression is not literals and
   * named groups (`irreversible` says why), a value is missing, unknown or
   * unusable, or the filled path does not match the expression back to the
   * same values (`/^\/(?<id>\d+)$/` with `{ id: 'x' }`).
   */
  build(values: Values): string | null {
    if (this.pieces === null) return null;
    const prefixValues = new Map<string, unknown>();
    let given = 0;
    for (const param of this.params) {
      const value = valueOf(values, param.name);
      if (value === undefined) return null;
      given++;
      if (this.prefixPattern?.has(param.name)) prefixValues.set(param.name, value);
    }
    if (given !== sizeOf(values)) return null;
    const head = this.prefixPattern === null ? '' : this.prefixPattern.build(prefixValues);
    if (head === null) return null;
    let rest = '';
    for (const piece of this.pieces) {
      if ('text' in piece) rest += piece.text;
      else {
        const encoded = encodeWildcard(valueOf(values, piece.name));
        if (encoded === null) return null;
        rest += encoded;
      }
    }
    const path = head + rest;
    if (path.startsWith('//') || path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
    return this.matchesBack(rest, values) ? path : null;
  }

  private matchesBack(rest: string, values: Values): boolean {
    const match = this.expression.exec(rest);
    if (match === null) return false;
    return this.groups.every((name, index) => {
      if (name === null) return true;
      const raw = match[index + 1];
      if (raw === undefined) return false;
      try {
        return decodeURIComponent(raw) === wildcardText(valueOf(values, name));
      } catch {
        return false;
      }
    });
  }
}

function sizeOf(values: Values): number {
  if (values instanceof Map) return values.size;
  let size = 0;
  for (const key in values) if (Object.hasOwn(values, key)) size++;
  return size;
}
