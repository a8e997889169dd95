type Node = Record<string, unknown>;

/** A change's renames of one schema: each pair is `[newer name, older name]`. */
export type Renames = readonly (readonly [newer: string, older: string])[];

/** A member order seen before, and the function that renames an object of exactly that order. */
interface Shape {
  readonly keys: readonly string[];
  readonly build: (object: Node) => Node;
}

/** Per renames and direction: the lookup of names, and the shapes compiled so far. */
interface Renamer {
  readonly names: ReadonlyMap<string, string>;
  readonly shapes: Shape[];
}

/**
 * Member orders compiled per renames and direction. Bounded: a client that
 * sends bodies of ever new member orders gets the general path, not a
 * compilation per request.
 */
const MAX_SHAPES = 8;
/** Members of an object compiled at most; a larger one takes the general path. */
const MAX_KEYS = 64;

const renamers = new WeakMap<Renames, [Renamer, Renamer]>();

function renamerOf(renames: Renames, from: 0 | 1): Renamer {
  let both = renamers.get(renames);
  if (both === undefined) {
    both = [
      { names: new Map(renames.map((pair) => [pair[0], pair[1]])), shapes: [] },
      { names: new Map(renames.map((pair) => [pair[1], pair[0]])), shapes: [] },
    ];
    renamers.set(renames, both);
  }
  return both[from];
}

/**
 * The object with its renamed members in their places, from side `from`'s
 * names to side `to`'s. Rebuilt, since `delete` would leave V8 a slow
 * dictionary-mode object. An object whose members come in an order seen
 * before (a handler's record, a client's body) is rebuilt by a function made
 * for that order, one object literal: member by member into `{}`, a record of
 * more than a dozen members ended in dictionary mode too, and renaming a
 * 20-member record cost 660 ns against 300 (docs/performance.md).
 */
export function renamed(value: unknown, renames: Renames, to: 0 | 1, from: 0 | 1): unknown {
  if (renames.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Node;
  const renamer = renamerOf(renames, from);
  let present = false;
  let clash = false;
  for (const pair of renames) {
    if (!Object.hasOwn(object, pair[from])) continue;
    present = true;
    // A member the other side does not have, under a name a present member is renamed to, is dropped: the renamed
    // member wins whatever the key order (a v1 client's stray `displayName` never overwrites its `name`).
    if (Object.hasOwn(object, pair[to]) && !renamer.names.has(pair[to])) clash = true;
  }
  if (!present) return object;
  if (!clash) {
    const build = shapeOf(object, renamer);
    if (build !== null) return build(object);
  }
  const result: Node = {};
  // for-in with an own-member check: no array of keys per object (this runs per request and conversion).
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const name = renamer.names.get(key);
    if (name !== undefined) put(result, name, object[key]);
    else if (!clash || !renames.some((pair) => pair[to] === key && Object.hasOwn(object, pair[from]))) put(result, key, object[key]);
  }
  return result;
}

/** The function made for `object`'s member order, made now while fewer than `MAX_SHAPES` are; `null` for the general path. */
function shapeOf(object: Node, renamer: Renamer): Shape['build'] | null {
  for (const shape of renamer.shapes) if (hasOrder(object, shape.keys)) return shape.build;
  if (renamer.shapes.length >= MAX_SHAPES) return null;
  const keys: string[] = [];
  for (const key in object) {
    // An own `__proto__` would be a prototype in an object literal; members inherited are not copied.
    if (key === '__proto__' || !Object.hasOwn(object, key) || keys.length === MAX_KEYS) return null;
    keys.push(key);
  }
  const literal = keys.map((key) => `${JSON.stringify(renamer.names.get(key) ?? key)}: o[${JSON.stringify(key)}]`).join(', ');
  const build = new Function('o', `return { ${literal} };`) as Shape['build'];
  renamer.shapes.push({ keys, build });
  return build;
}

/** Whether `object`'s own enumerable members are exactly `keys`, in that order (and nothing inherited is enumerable). */
function hasOrder(object: Node, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in object) {
    if (keys[i] !== key || !Object.hasOwn(object, key)) return false;
    i++;
  }
  return i === keys.length;
}

/**
 * `target[key] = value`, except that a member named `__proto__` (own data of
 * a parsed, spread or form value) stays a member: assigning it would set the
 * copy's prototype, and a converted value must hold exactly what the head's
 * does (docs/security.md, version history).
 */
function put(target: Node, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
