import { resolve } from 'node:path';
import { App } from '../app';
import { runtimeOf } from '../runtime';
import type { RouteRecord } from '../table/builder';

export interface RouteRow {
  method: string;
  pattern: string;
  name: string | null;
  versions: (string | null)[] | null;
  handler: string;
}

export function rowsOf(app: App): RouteRow[] {
  return runtimeOf(app).table.routes.map((route: RouteRecord) => ({
    method: route.method,
    pattern: route.pattern.source,
    name: route.fullName,
    versions: route.versions === null ? null : [...route.versions],
    handler: `${route.controller.name}.${String(route.handler)}`,
  }));
}

/** The rows as an aligned text table. */
export function formatTable(rows: readonly RouteRow[]): string {
  const cells = [
    ['METHOD', 'PATH', 'NAME', 'VERSIONS', 'HANDLER'],
    ...rows.map((row) => [row.method, row.pattern, row.name ?? '-', row.versions?.map(String).join(',') ?? '*', row.handler]),
  ];
  const widths = cells[0].map((_, column) => Math.max(...cells.map((line) => line[column].length)));
  return cells.map((line) => line.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

/** The waymark app a module exports: `default`, `app`, or the first export that is an App. */
export function loadApp(modulePath: string): App {
  const exported = require(resolve(modulePath)) as Record<string, unknown>;
  const candidates = [exported, exported.default, exported.app, ...Object.values(exported)];
  const app = candidates.find((value): value is App => value instanceof App);
  if (!app) throw new Error(`${modulePath} exports no waymark app: export the result of createApp() as \`app\` or as the default export.`);
  return app;
}
