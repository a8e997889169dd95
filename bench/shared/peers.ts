/**
 * What every peer's server in `bench/servers/` serves, so each row asks the
 * same of every framework: its command line (`--github --layout flat|versioned`,
 * `--body`, `--contract`, `--sse`, `--routes N`), the filler routes of the
 * start-up rows, and the SSE row's events.
 */
export type PeerMode = 'json' | 'github' | 'body' | 'contract' | 'sse';

export interface PeerArgs {
  mode: PeerMode;
  /** GitHub rows: `flat`, or `versioned` (under `/v1` and `/v2`, each framework's own URL versioning). */
  layout: 'flat' | 'versioned';
  /** The JSON row and the start-up rows: `routes - 1` filler routes before `GET /users/:id`. */
  routes: number;
}

export function peerArgs(argv: readonly string[] = process.argv.slice(2)): PeerArgs {
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const modes: PeerMode[] = ['github', 'body', 'contract', 'sse'];
  const mode = modes.find((m) => argv.includes(`--${m}`)) ?? 'json';
  return { mode, layout: value('--layout') === 'versioned' ? 'versioned' : 'flat', routes: Number(value('--routes') ?? 10) };
}

/** `count` GET patterns of their own static prefix, as the waymark and @koa/router table-size rows have. */
export function fillerPatterns(count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => `/r${i}/items/:id`);
}

/** The version prefixes of the versioned GitHub rows (requests alternate between them). */
export const VERSIONS = ['1', '2'] as const;

/** The SSE row: one `GET /events` answered by this many events, then the end of the stream. */
export const SSE_EVENTS = 10;
export const sseData = (i: number) => ({ n: i, text: 'tick' });
/** The events as text, for the servers that write the wire format by hand. */
export const sseText = (i: number) => `data: ${JSON.stringify(sseData(i))}\n\n`;
