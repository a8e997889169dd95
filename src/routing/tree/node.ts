import { paramsKey } from '../../table/tokens';
import { propertyKey } from '../../util/keys';
import type { Form, Step } from './steps';

/** What every form with the same parameters shares (one object for thousands of `/:version/.../:id` routes). */
export interface Shape {
  /** Parameter names in capture order. */
  readonly names: readonly string[];
  /** Per capture: is it a `*wildcard` (exempt from the length limit)? */
  readonly wildcards: readonly boolean[];
  /** Whether the last capture is a wildcard ending the pattern (a trailing `/` after it is the optional one). */
  readonly terminalWildcard: boolean;
}

/**
 * A route form that ends at a node: what the search hands back, with the
 * values it captured. The matcher's leaves carry its route data in the same
 * object (one object per route form, not a leaf pointing at an entry).
 */
export interface Leaf {
  /** Registration order of the route: results are sorted on it. */
  readonly order: number;
  /** Which expansion of the route's optional groups (path-to-regexp tries lower first). */
  readonly form: number;
  readonly shape: Shape;
}

export interface Tail<L extends Leaf> {
  readonly regex: RegExp;
  readonly leaf: L;
}

/** What few nodes have: mixed segments, wildcards, tails, and the leaves after the first. */
export interface Rare<L extends Leaf> {
  regexes: { regex: RegExp; captures: number; node: Node<L> }[];
  wildcards: L[];
  tails: Tail<L>[];
  /** Forms ending at this node after the first (`node.leaf`): two routes with one path shape. */
  leaves: L[];
}

/**
 * One node of the segment tree. Children are tried static first, then the
 * parameter, then mixed segments, then the wildcard and tails; the search
 * visits every branch that fits (every route matching a path is a
 * candidate), so the order only shapes the walk, never the result.
 * Fields stay `null` until used, a lone static child (most nodes have one)
 * needs no Map, and a lone leaf no list, to keep a large table small.
 */
export class Node<L extends Leaf> {
  staticKey: string | null = null;
  staticNode: Node<L> | null = null;
  /** Every static child, once there are two or more. */
  statics: Map<string, Node<L>> | null = null;
  param: Node<L> | null = null;
  /**
   * A form whose last segment is the parameter, while nothing else goes through
   * it: held here instead of in a `param` node of its own (most routes end in
   * `/:id`; a node per route was a third of the tree). Never set with `param`.
   */
  paramLeaf: L | null = null;
  /** The first form ending here; any others are in `rare.leaves`. */
  leaf: L | null = null;
  rare: Rare<L> | null = null;

  /** Adds one form of a route: walks (creating) a node per step and leaves it at the last. */
  insert(form: Form, leaf: L, intern: Interner): void {
    let at: Node<L> = this;
    // Indexed: an iterator result per step, in code the JIT has not optimised yet, was 0.4 MiB of garbage per 5,000 routes.
    const last = form.steps.length - 1;
    for (let i = 0; i <= last; i++) {
      if (i === last && form.steps[i].kind === 'param') return at.addParamLeaf(leaf);
      const next = at.child(form.steps[i], leaf, intern);
      if (next === null) return;
      at = next;
    }
    at.addLeaf(leaf);
  }

  /**
   * Adds a route whose pattern `isSimple` (static segments and whole-segment
   * parameters), walking its source segment by segment: the same nodes as
   * `insert` of its one form, with no form, step or token made for it.
   */
  insertSimple(source: string, leaf: L, intern: Interner): void {
    let at: Node<L> = this;
    let start = 1;
    for (let i = 1; i <= source.length; i++) {
      if (i < source.length && source.charCodeAt(i) !== 47) continue;
      const param = start < i && source.charCodeAt(start) === 58;
      if (param && i === source.length) return at.addParamLeaf(leaf);
      at = param ? at.paramChild() : at.staticChild(intern.string(source.slice(start, i)));
      start = i + 1;
    }
    at.addLeaf(leaf);
  }

  private addLeaf(leaf: L): void {
    if (this.leaf === null) this.leaf = leaf;
    else this.rareChildren().leaves.push(leaf);
  }

  /** A form ending in the parameter: held as `paramLeaf` while it is alone there, else a leaf of the `param` node. */
  private addParamLeaf(leaf: L): void {
    if (this.param === null && this.paramLeaf === null) this.paramLeaf = leaf;
    else this.paramChild().addLeaf(leaf);
  }

  /** The `param` node, made when first needed; a `paramLeaf` held so far becomes its first leaf. */
  private paramChild(): Node<L> {
    if (this.param !== null) return this.param;
    const node = new Node<L>();
    node.leaf = this.paramLeaf;
    this.paramLeaf = null;
    return (this.param = node);
  }

  /** The child a step leads to, or `null` when the step ends the form here (wildcard, tail). */
  private child(step: Step, leaf: L, intern: Interner): Node<L> | null {
    switch (step.kind) {
      case 'static':
        return this.staticChild(intern.string(step.key));
      case 'param':
        return this.paramChild();
      case 'regex': {
        const { regexes } = this.rareChildren();
        let found = regexes.find((entry) => entry.regex.source === step.regex.source);
        if (!found) regexes.push((found = { regex: step.regex, captures: step.captures, node: new Node() }));
        return found.node;
      }
      case 'wildcard':
        this.rareChildren().wildcards.push(leaf);
        return null;
      case 'tail':
        this.rareChildren().tails.push({ regex: step.regex, leaf });
        return null;
    }
  }

  private staticChild(key: string): Node<L> {
    if (this.statics !== null) {
      let next = this.statics.get(key);
      if (!next) this.statics.set(key, (next = new Node()));
      return next;
    }
    if (this.staticNode === null) {
      this.staticKey = key;
      return (this.staticNode = new Node());
    }
    if (this.staticKey === key) return this.staticNode;
    const next = new Node<L>();
    this.statics = new Map([
      [this.staticKey as string, this.staticNode],
      [key, next],
    ]);
    this.staticKey = null;
    this.staticNode = null;
    return next;
  }

  private rareChildren(): Rare<L> {
    return (this.rare ??= { regexes: [], wildcards: [], tails: [], leaves: [] });
  }
}

/** One copy of each static key and parameter shape for the whole tree, however many routes repeat them. */
export class Interner {
  private readonly strings = new Map<string, string>();
  private readonly shapes = new Map<string, Shape>();

  string(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  /** Shapes by a simple pattern's parameter list, which one build shares between its routes (CompiledPattern). */
  private readonly byParams = new Map<readonly { name: string }[], Shape>();

  /** The shape of a simple pattern (whole-segment parameters only), from its parameter list. */
  simpleShape(params: readonly { name: string }[]): Shape {
    let shape = this.byParams.get(params);
    if (shape === undefined) {
      const names = params.map((param) => param.name);
      shape = this.shape({ steps: [], names, wildcards: names.map(() => false), terminalWildcard: false });
      this.byParams.set(params, shape);
    }
    return shape;
  }

  shape(form: Form): Shape {
    // The table's key of a parameter list, after the terminal-wildcard flag.
    const key = paramsKey(
      form.names.map((name, i) => ({ name, wildcard: form.wildcards[i] })),
      form.terminalWildcard ? 't' : 'f',
    );
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = { names: form.names.map(propertyKey), wildcards: form.wildcards.slice(), terminalWildcard: form.terminalWildcard };
      this.shapes.set(key, shape);
    }
    return shape;
  }
}
