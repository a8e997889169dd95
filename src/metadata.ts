/// <reference types="reflect-metadata" />
/**
 * The only module that touches `Reflect.*Metadata`. Every key is namespaced
 * (`waymark:`), and every read returns a fresh copy so that a decorator on a
 * subclass never mutates what its base class recorded.
 */
if (typeof Reflect !== 'object' || typeof (Reflect as { getMetadata?: unknown }).getMetadata !== 'function') {
  throw new Error(
    'waymark needs the reflect-metadata polyfill. Add `import "reflect-metadata";` as the first line of your ' +
      'entry file (before importing waymark or any controller), or run node with `--require reflect-metadata`.',
  );
}

export const MetadataKeys = {
  controller: 'waymark:controller',
  routes: 'waymark:routes',
  params: 'waymark:params',
  use: 'waymark:use',
} as const;

type Key = (typeof MetadataKeys)[keyof typeof MetadataKeys];

export function readOwn<T>(key: Key, target: object, property?: string | symbol): T | undefined {
  return property === undefined
    ? Reflect.getOwnMetadata(key, target)
    : Reflect.getOwnMetadata(key, target, property);
}

export function write<T>(key: Key, value: T, target: object, property?: string | symbol): void {
  if (property === undefined) Reflect.defineMetadata(key, value, target);
  else Reflect.defineMetadata(key, value, target, property);
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
