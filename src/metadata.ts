// reflect-metadata is waymark's own dependency, loaded here so that an app need not import it first
// (docs/getting-started.md#reflect-metadata). A copy the app loaded before or after shares its
// registry with this one (reflect-metadata 0.2 keeps one per process), so both see TypeScript's metadata.
import 'reflect-metadata';
/**
 * The only module that keeps decorator metadata. waymark's own records
 * (`waymark:` keys) live in a store of their own, one small record per
 * decorated class or prototype, weakly held like reflect-metadata's; only
 * what TypeScript emits (`design:paramtypes`) is read through `Reflect`.
 * reflect-metadata 0.2 keeps three Maps per target (its store, the
 * property level, its provider registry), six per controller class: about
 * 1 KiB per class, 0.5 MiB in a table of 5,000 routes in classes of ten
 * (`npm run bench -- --only startup`). Every read of a list returns it for
 * the caller to copy; a decorator on a subclass never mutates what its base
 * class recorded, since every write goes to the target's own record.
 */
export const MetadataKeys = {
  controller: 'waymark:controller',
  routes: 'waymark:routes',
  params: 'waymark:params',
  use: 'waymark:use',
} as const;

type Key = (typeof MetadataKeys)[keyof typeof MetadataKeys];

/** One target's records: its own (`property` absent), and per property. */
interface Own {
  slots: Slots;
  properties: Map<string | symbol, Slots> | null;
}
type Slots = { [K in Key]?: unknown };

const owned = new WeakMap<object, Own>();

function slotsOf(target: object, property: string | symbol | undefined, create: boolean): Slots | undefined {
  let own = owned.get(target);
  if (own === undefined) {
    if (!create) return undefined;
    owned.set(target, (own = { slots: {}, properties: null }));
  }
  if (property === undefined) return own.slots;
  let slots = own.properties?.get(property);
  if (slots === undefined && create) (own.properties ??= new Map()).set(property, (slots = {}));
  return slots;
}

/** What `target` itself recorded under `key` (for `property`, when given); a base class's record does not count. */
export function readOwn<T>(key: Key, target: object, property?: string | symbol): T | undefined {
  return slotsOf(target, property, false)?.[key] as T | undefined;
}

export function write<T>(key: Key, value: T, target: object, property?: string | symbol): void {
  (slotsOf(target, property, true) as Slots)[key] = value;
}

/** The properties of `target` itself that have a record under `key` (methods with `@Use()`, with parameter decorators). */
export function ownPropertiesWith(key: Key, target: object): (string | symbol)[] {
  const properties = owned.get(target)?.properties;
  if (!properties) return [];
  const found: (string | symbol)[] = [];
  for (const [property, slots] of properties) if (slots[key] !== undefined) found.push(property);
  return found;
}

/** Appends to a list stored on `target` itself (never on a base class; a base class's list is never touched). */
export function appendOwn<T>(key: Key, item: T, target: object, property?: string | symbol): void {
  const own = readOwn<T[]>(key, target, property);
  // In place: copying on every append made decorating n routes of one class O(n²).
  if (own) own.push(item);
  else write(key, [item], target, property);
}

/**
 * The parameter types TypeScript recorded for a method, or for a class's
 * constructor when `property` is absent; `undefined` when nothing was recorded
 * (no `emitDecoratorMetadata`, or a transpiler that drops it).
 */
export function paramTypes(target: object, property?: string | symbol): readonly unknown[] | undefined {
  return property === undefined
    ? Reflect.getMetadata('design:paramtypes', target)
    : Reflect.getMetadata('design:paramtypes', target, property);
}
