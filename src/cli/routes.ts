import type { App } from '../app';
import { runtimeOf } from '../runtime';
import type { RouteRecord } from '../table/builder';
import { sharedNames } from '../table/duplicate-names';
import { shadowedRoutes } from '../table/shadowed';
import type { Command } from './command';
import { loadApp } from './load-app';

/** One line of `waymark routes`, and one element of its `--json` array. */
export interface RouteRow {
  method: string;
  pattern: string;
  name: string | null;
  versions: (string | null)[] | null;
  /** Each parameter's requirement, as the regular expression's source. */
  requirements: Record<string, string>;
  handler: string;
  /** The earlier route that takes this one's requests, when there is one (api.md §12). */
  shadowedBy: { route: string; versions: (string | null)[] | null } | null;
  /** The other paths whose routes have this route's name for versions in common (reversal reaches only one), else `null`. */
  sharesNameWith: string[] | null;
}

export function rowsOf(app: App): RouteRow[] {
  const { routes } = runtimeOf(app).table;
  const shadows = shadowedRoutes(routes);
  const shared = sharedNames(routes);
  return routes.map((route: RouteRecord) => {
    const shadow = shadows.get(route);
    return {
      method: route.method,
      pattern: route.pattern.source,
      name: route.fullName,
      versions: route.versions === null ? null : [...route.versions],
      requirements: Object.fromEntries([...route.requirements].map(([param, pattern]) => [param, unanchored(pattern)])),
      handler: handlerOf(route),
      shadowedBy: shadow ? { route: shadow.by.fullName ?? handlerOf(shadow.by), versions: shadow.versions === null ? null : [...shadow.versions] } : null,
      sharesNameWith: shared.get(route) ?? null,
    };
  });
}

/** The rows as an aligned text table; a shadowed route says by which route, and for which versions when not all. */
export function formatTable(rows: readonly RouteRow[]): string {
  const cells = [
    ['METHOD', 'PATH', 'NAME', 'VERSIONS', 'REQUIREMENTS', 'HANDLER', 'NOTE'],
    ...rows.map((row) => [
      row.method,
      row.pattern,
      row.name ?? '-',
      versionList(row.versions),
      Object.entries(row.requirements).map(([param, source]) => `${param}=${source}`).join(' ') || '-',
      row.handler,
      [
        row.shadowedBy ? `${row.shadowedBy.versions ? `${versionList(row.shadowedBy.versions)} ` : ''}shadowed by ${row.shadowedBy.route}` : '',
        row.sharesNameWith ? `! name also on ${row.sharesNameWith.join(', ')}` : '',
      ].filter(Boolean).join('; '),
    ]),
  ];
  const widths = cells[0].map((_, column) => Math.max(...cells.map((line) => line[column].length)));
  return cells.map((line) => line.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

/** `waymark routes <module> [--json]` in the command table of main.ts. */
export const routesCommand: Command = {
  synopsis: '<module> [--json]',
  summary: 'print the named-route table of the app <module> exports',
  options: { json: { type: 'boolean' } },
  positionals: [1, 1],
  run({ positionals, values }, io) {
    const rows = rowsOf(loadApp(positionals[0]));
    io.out(values.json ? JSON.stringify(rows, null, 2) : formatTable(rows));
    return 0;
  },
};

function handlerOf(route: RouteRecord): string {
  return `${route.controller.name}.${String(route.handler)}`;
}

function versionList(versions: readonly (string | null)[] | null): string {
  return versions?.map(String).join(',') ?? '*';
}

/** The requirement as the user wrote it: the builder anchors it as `^(?:...)$`. */
function unanchored(pattern: RegExp): string {
  const anchored = /^\^\(\?:([\s\S]*)\)\$$/.exec(pattern.source);
  return anchored ? anchored[1] : pattern.source;
}
