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

/** A route form that ends at a node: what the search hands back, with the values it captured. */
export interface Leaf<T> {
  /** Registration order of the route: results are sorted on it. */
  readonly order: number;
  /** Which expansion of the route's optional groups (path-to-regexp tries lower first). */
  readonly form: number;
  readonly value: T;
  readonly shape: Shape;
}

export interface Tail<T> {
  readonly regex: RegExp;
  readonly leaf: Leaf<T>;
}

/** Children few nodes have: mixed segments, wildcards, tails. */
export interface Rare<T> {
  regexes: { regex: RegExp; captures: number; node: Node<T> }[];
  wildcards: Leaf<T>[];
  tails: Tail<T>[];
}

/**
 * One node of the segment tree. Children are tried static first, then the
 * parameter, then mixed segments, then the wildcard and tails; the search
 * visits every branch that fits (every route matching a path is a
 * candidate), so the order only shapes the walk, never the result.
 * Fields stay `null` until used, and a lone static child (most nodes have
 * one) needs no Map, to keep a large table small.
 */
export class Node<T> {
  staticKey: string | null = null;
  staticNode: Node<T> | null = null;
  /** Every static child, once there are two or more. */
  statics: Map<string, Node<T>> | null = null;
  param: Node<T> | null = null;
  leaves: readonly Leaf<T>[] | null = null;
  rare: Rare<T> | null = null;

  /** Adds one form of a route: walks (creating) a node per step and leaves it at the last. */
  insert(form: Form, leaf: Leaf<T>, intern: Interner): void {
    let at: Node<T> = this;
    for (const step of form.steps) {
      const next = at.child(step, leaf, intern);
      if (next === null) return;
      at = next;
    }
    at.leaves = append(at.leaves, leaf);
  }

  /** The child a step leads to, or `null` when the step ends the form here (wildcard, tail). */
  private child(step: Step, leaf: Leaf<T>, intern: Interner): Node<T> | null {
    switch (step.kind) {
      case 'static':
        return this.staticChild(intern.string(step.key));
      case 'param':
        return (this.param ??= new Node());
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

  private staticChild(key: string): Node<T> {
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
    const next = new Node<T>();
    this.statics = new Map([
      [this.staticKey as string, this.staticNode],
      [key, next],
    ]);
    this.staticKey = null;
    this.staticNode = null;
    return next;
  }

  private rareChildren(): Rare<T> {
    return (this.rare ??= { regexes: [], wildcards: [], tails: [] });
  }
}

/** Exact-size growth: most nodes end one form, and a pushed-to array keeps room for sixteen. */
function append<L>(list: readonly L[] | null, item: L): readonly L[] {
  return list === null ? [item] : [...list, item];
}

/** Each name length-prefixed (quoted names may hold any character) with its kind, after the terminal-wildcard flag: unambiguous, one string per form. */
function shapeKey(form: Form): string {
  let key = form.terminalWildcard ? 't' : 'f';
  for (let i = 0; i < form.names.length; i++) key += (form.wildcards[i] ? '*' : ':') + form.names[i].length + ':' + form.names[i];
  return key;
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

  shape(form: Form): Shape {
    const key = shapeKey(form);
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = { names: form.names.map(propertyKey), wildcards: form.wildcards.slice(), terminalWildcard: form.terminalWildcard };
      this.shapes.set(key, shape);
    }
    return shape;
  }
}
