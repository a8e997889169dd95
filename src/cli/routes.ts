import type { App } from '../app';
import type { Command } from './command';
import { withApp } from './load-app';

/** One line of `waymark routes`, and one element of its `--json` array. */
export interface RouteRow {
  method: string;
  pattern: string;
  name: string | null;
  versions: (string | null)[] | null;
  /** Each parameter's requirement, as the regular expression's source. */
  requirements: Record<string, string>;
  handler: string;
  /** The earlier route that takes this one's requests, when there is one (docs/cli.md#listing-routes). */
  shadowedBy: { route: string; versions: (string | null)[] | null } | null;
  /** The other paths whose routes have this route's name for versions in common (reversal reaches only one), else `null`. */
  sharesNameWith: string[] | null;
  /** For a RegExp path: why it cannot be reversed, `null` when it can; absent for a pattern (docs/regexp-paths.md). */
  irreversible?: string | null;
  /** With `--media`: the media types it renders and parses, `null` for the app's. */
  renderers?: string[] | null;
  parsers?: string[] | null;
  /** For a route bound to a host: its host patterns (docs/coming-from-koa-router.md#hosts). */
  host?: string[];
}

/** The rows of `app.routes`; with `media`, each route's renderers and parsers too. */
export function rowsOf(app: App, media = false): RouteRow[] {
  return app.routes.map((route) => ({
    method: route.method,
    pattern: route.pattern,
    name: route.name,
    versions: route.versions === null ? null : [...route.versions],
    requirements: { ...route.requirements },
    handler: route.handler,
    shadowedBy: route.shadowedBy ? { route: route.shadowedBy.route, versions: route.shadowedBy.versions === null ? null : [...route.shadowedBy.versions] } : null,
    sharesNameWith: route.sharesNameWith === null ? null : [...route.sharesNameWith],
    ...(route.regexp === null ? {} : { irreversible: route.regexp.irreversible }),
    ...(media ? { renderers: route.renderers && [...route.renderers], parsers: route.parsers && [...route.parsers] } : {}),
    ...(route.host === null ? {} : { host: [...route.host.patterns] }),
  }));
}

/** The rows as an aligned text table; a shadowed route says by which route, and for which versions when not all. */
export function formatTable(rows: readonly RouteRow[]): string {
  const media = rows.some((row) => row.renderers !== undefined);
  const types = (list: string[] | null | undefined) => (list ? list.join(',') : '(app)');
  const cells = [
    ['METHOD', 'PATH', 'NAME', 'VERSIONS', 'REQUIREMENTS', 'HANDLER', ...(media ? ['RENDERS', 'PARSES'] : []), 'NOTE'],
    ...rows.map((row) => [
      row.method,
      row.host === undefined ? row.pattern : `${row.host.join('|')}${row.pattern}`,
      row.name ?? '-',
      versionList(row.versions),
      Object.entries(row.requirements).map(([param, source]) => `${param}=${source}`).join(' ') || '-',
      row.handler,
      ...(media ? [types(row.renderers), types(row.parsers)] : []),
      [
        row.shadowedBy ? `${row.shadowedBy.versions ? `${versionList(row.shadowedBy.versions)} ` : ''}shadowed by ${row.shadowedBy.route}` : '',
        row.sharesNameWith ? `! name also on ${row.sharesNameWith.join(', ')}` : '',
        row.irreversible ? `RegExp, not reversible: ${row.irreversible}` : '',
      ].filter(Boolean).join('; '),
    ]),
  ];
  const widths = cells[0].map((_, column) => Math.max(...cells.map((line) => line[column].length)));
  return cells.map((line) => line.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

/** `waymark routes <module> [--json] [--media]` in the command table of main.ts. */
export const routesCommand: Command = {
  synopsis: '<module> [--json] [--media]',
  summary: 'print the named-route table of the app <module> exports',
  options: { json: { type: 'boolean' }, media: { type: 'boolean' } },
  positionals: [1, 1],
  run: ({ positionals, values }, io) =>
    withApp(positionals[0], (app) => {
      const rows = rowsOf(app, values.media === true);
      io.out(values.json ? JSON.stringify(rows, null, 2) : formatTable(rows));
      return 0;
    }),
};

function versionList(versions: readonly (string | null)[] | null): string {
  return versions?.map(String).join(',') ?? '*';
}
