/**
 * An index of routes by the static segments their pattern starts with, so a
 * request is tested only against the routes whose static prefix it has:
 * the cost of a lookup follows the depth of the path, not the size of the
 * table. Values come back in the order they were added.
 */
export class PrefixIndex<T> {
  private readonly root: Node<T> = node();
  private size = 0;

  add(segments: readonly string[], value: T): void {
    let at = this.root;
    for (const segment of segments) {
      let next = at.children.get(segment);
      if (!next) {
        next = node();
        at.children.set(segment, next);
      }
      at = next;
    }
    at.values.push({ order: this.size++, value });
  }

  /** Every value, in insertion order. */
  values(): T[] {
    const all: { order: number; value: T }[] = [];
    const visit = (at: Node<T>) => {
      all.push(...at.values);
      for (const child of at.children.values()) visit(child);
    };
    visit(this.root);
    return all.sort((a, b) => a.order - b.order).map((entry) => entry.value);
  }

  /** Values whose prefix is a prefix of `path` (a raw path starting with `/`), in insertion order. */
  lookup(path: string): T[] {
    let found = this.root.values;
    let merged = false;
    let at: Node<T> | undefined = this.root;
    let start = 1;
    while (at && start <= path.length) {
      let end = path.indexOf('/', start);
      if (end === -1) end = path.length;
      at = at.children.get(path.slice(start, end));
      if (at && at.values.length > 0) {
        found = found.length === 0 ? at.values : [...found, ...at.values];
        merged ||= found !== at.values;
      }
      start = end + 1;
    }
    if (merged) found = [...found].sort((a, b) => a.order - b.order);
    return found.map((entry) => entry.value);
  }
}

interface Node<T> {
  children: Map<string, Node<T>>;
  values: { order: number; value: T }[];
}

function node<T>(): Node<T> {
  return { children: new Map(), values: [] };
}
