import 'reflect-metadata';
import { All, Controller, Delete, Get, Patch, Post, Put } from '../../src';

const decorators = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete, ALL: All };

/** A controller class with one handler per route, declared as decorators would (for tables too big to write out). */
export function controllerOf(routes: readonly { method: keyof typeof decorators; path: string; name: string }[], handler: (index: number) => () => unknown): Function {
  class Generated {}
  const prototype = Generated.prototype as unknown as Record<string, unknown>;
  routes.forEach((route, index) => {
    const key = `route${index}`;
    prototype[key] = handler(index);
    decorators[route.method](route.path, route.name)(prototype, key, Object.getOwnPropertyDescriptor(prototype, key) as PropertyDescriptor);
  });
  Controller()(Generated);
  return Generated;
}

/**
 * `count` GET routes of their own static prefix (`/r0/items/:id`, ...): the
 * filler of the table-size rows, as controllers of ten routes each (what an
 * application has; one class of 5,000 methods is not, and its 5,000-property
 * prototype alone makes V8 double its young generation, +16 MiB of RSS).
 */
export function filler(count: number): Function[] {
  const controllers: Function[] = [];
  for (let start = 0; start < count; start += 10) {
    const routes = [];
    for (let i = start; i < Math.min(count, start + 10); i++) routes.push({ method: 'GET' as const, path: `/r${i}/items/:id`, name: `filler-${i}` });
    controllers.push(controllerOf(routes, (index) => () => ({ i: start + index })));
  }
  return controllers;
}
