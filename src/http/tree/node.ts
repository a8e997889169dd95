import type { Form, Step } from './steps';

/** A route form that ends at a node: what the search hands back, with the values it captured. */
export interface Leaf<T> {
  /** Registration order of the route: results are sorted on it. */
  readonly order: number;
  /** Which expansion of the route's optional groups (path-to-regexp tries lower first). */
  readonly form: number;
  readonly value: T;
  readonly names: readonly string[];
  readonly wildcards: readonly boolean[];
  readonly terminalWildcard: boolean;
}

export interface Tail<T> {
  readonly regex: RegExp;
  readonly leaf: Leaf<T>;
}

/**
 * One node of the segment tree. Children are tried static first, then the
 * parameter, then mixed segments, then the wildcard and tails; the search
 * visits every branch that fits (every route matching a path is a
 * candidate), so the order only shapes the walk, never the result.
 * Fields stay `null` until used, to keep a large table small.
 */
export class Node<T> {
  statics: Map<string, Node<T>> | null = null;
  param: Node<T> | null = null;
  regexes: { regex: RegExp; captures: number; node: Node<T> }[] | null = null;
  wildcards: Leaf<T>[] | null = null;
  tails: Tail<T>[] | null = null;
  leaves: Leaf<T>[] | null = null;

  /** Adds one form of a route: walks (creating) a node per step and leaves it at the last. */
  insert(form: Form, leaf: Leaf<T>): void {
    let at: Node<T> = this;
    for (const step of form.steps) {
      const next = at.child(step, leaf);
      if (next === null) return;
      at = next;
    }
    (at.leaves ??= []).push(leaf);
  }

  /** The child a step leads to, or `null` when the step ends the form here (wildcard, tail). */
  private child(step: Step, leaf: Leaf<T>): Node<T> | null {
    switch (step.kind) {
      case 'static': {
        const statics = (this.statics ??= new Map());
        let next = statics.get(step.key);
        if (!next) statics.set(step.key, (next = new Node()));
        return next;
      }
      case 'param':
        return (this.param ??= new Node());
      case 'regex': {
        const regexes = (this.regexes ??= []);
        let found = regexes.find((entry) => entry.regex.source === step.regex.source);
        if (!found) regexes.push((found = { regex: step.regex, captures: step.captures, node: new Node() }));
        return found.node;
      }
      case 'wildcard':
        (this.wildcards ??= []).push(leaf);
        return null;
      case 'tail':
        (this.tails ??= []).push({ regex: step.regex, leaf });
        return null;
    }
  }
}
