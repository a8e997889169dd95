import { canonical } from './canonical';
import type { Leaf, Node, Rare } from './node';

/** Raw values captured on the way to one node; leaves ending there share them (and their decoding). */
export interface Captures {
  readonly raw: readonly string[];
  decoded: string[] | null;
}

/** A route form whose pattern fits the path, with the raw text of its parameters in pattern order. */
export interface Hit<L extends Leaf> {
  readonly leaf: L;
  readonly captures: Captures;
  /** Reached only through the optional trailing `/` (`/users/` for `/users`): a route whose slash matters drops it (docs/trailing-slash.md). */
  readonly slashed: boolean;
}

/**
 * Every route form whose pattern fits `path` (raw, starting with `/`), in
 * no particular order. Each node consumes exactly one segment, so a node is
 * visited at most once: the walk costs what the path's depth and the
 * branches it meets cost, never the size of the table. A trailing `/` is
 * optional, as with @koa/router's default; a hit reached only through it
 * says so (`slashed`).
 */
export function search<L extends Leaf>(root: Node<L>, path: string): Hit<L>[] {
  const hits: Hit<L>[] = [];
  visit(root, path, 1, [], hits);
  return hits;
}

function visit<L extends Leaf>(node: Node<L>, path: string, start: number, stack: string[], hits: Hit<L>[]): void {
  const length = path.length;
  if (start > length) {
    if (node.leaf !== null) collect(node, stack, hits, false);
    return;
  }
  let end = path.indexOf('/', start);
  if (end === -1) end = length;
  if (start === length && node.leaf !== null) collect(node, stack, hits, true);
  if (node.staticNode !== null) {
    if (sameSegment(node.staticKey as string, path, start, end)) visit(node.staticNode, path, end + 1, stack, hits);
  } else if (node.statics !== null) {
    const next = node.statics.get(canonical(path.slice(start, end)));
    if (next !== undefined) visit(next, path, end + 1, stack, hits);
  }
  if (node.param !== null && end > start) {
    stack.push(path.slice(start, end));
    visit(node.param, path, end + 1, stack, hits);
    stack.pop();
  } else if (node.paramLeaf !== null && end > start && end >= length - 1) {
    // The parameter's node, were it there, would be entered past the end (a hit) or at it (a hit through the trailing `/`).
    const raw = stack.slice();
    raw.push(path.slice(start, end));
    hits.push({ leaf: node.paramLeaf, captures: { raw, decoded: null }, slashed: end < length });
  }
  if (node.rare !== null) rare(node.rare, path, start, end, stack, hits);
}

/** Whether the segment `path[start, end)` is `key` once percent-decoded, without slicing it in the common case. */
function sameSegment(key: string, path: string, start: number, end: number): boolean {
  const percent = path.indexOf('%', start);
  if (percent === -1 || percent >= end) return end - start === key.length && path.startsWith(key, start);
  return canonical(path.slice(start, end)) === key;
}

function rare<L extends Leaf>({ regexes, wildcards, tails }: Rare<L>, path: string, start: number, end: number, stack: string[], hits: Hit<L>[]): void {
  if (regexes.length > 0 && end > start) {
    const segment = path.slice(start, end);
    for (const { regex, captures, node: next } of regexes) {
      const match = regex.exec(segment);
      if (match === null) continue;
      for (let i = 1; i <= captures; i++) stack.push(match[i]);
      visit(next, path, end + 1, stack, hits);
      stack.length -= captures;
    }
  }
  if (wildcards.length > 0 && start < path.length) {
    const rest = path.slice(start);
    const captures: Captures = { raw: [...stack, rest], decoded: null };
    const slashed = rest.length > 1 && rest.charCodeAt(rest.length - 1) === 47;
    for (const leaf of wildcards) hits.push({ leaf, captures, slashed });
  }
  if (tails.length > 0) {
    const rest = path.slice(start - 1);
    for (const { regex, leaf } of tails) {
      const match = regex.exec(rest);
      if (match !== null) hits.push({ leaf, captures: { raw: [...stack, ...match.slice(1)], decoded: null }, slashed: false });
    }
  }
}

/** The forms ending at `node` (it has a first leaf), sharing one copy of the captures. */
function collect<L extends Leaf>(node: Node<L>, stack: readonly string[], hits: Hit<L>[], slashed: boolean): void {
  const captures: Captures = { raw: stack.slice(), decoded: null };
  hits.push({ leaf: node.leaf as L, captures, slashed });
  if (node.rare !== null) for (const leaf of node.rare.leaves) hits.push({ leaf, captures, slashed });
}
