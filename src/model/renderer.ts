import type { Context } from 'koa';
import type { Readable } from 'node:stream';

/**
 * Writes a handler's value in one media type (Django REST Framework's
 * renderer classes). `mediaType` is what negotiation matches against the
 * request's Accept header and what `Content-Type` says; `format` is the name
 * `?format=` picks it by when the app's `formatOverride` is on
 * (docs/renderers-and-parsers.md).
 */
export interface Renderer {
  /** A concrete `type/subtype`, with parameters if any (`text/csv`, `application/json; indent=2`). */
  readonly mediaType: string;
  /** The short name for `?format=` (`csv`); a renderer without one is never picked by format. */
  readonly format?: string;
  /** The body for `value`; a string is sent as UTF-8. */
  render(value: unknown, ctx: Context): string | Uint8Array | Readable;
  /** Other media types it answers and sends (`application/x-ndjson` for JSON Lines), after its own. */
  readonly aliases?: readonly string[];
  /** How it frames a stream's items (`EventStreamRenderer`, `JSONLinesRenderer`: docs/streams.md); a renderer without it writes no streams. */
  readonly stream?: StreamFraming;
}

/** The fields of one Server-Sent Event besides its data (`serverEvent()`: docs/streams.md). */
export interface EventFields {
  // `| undefined` too: `ServerEvent` holds every field, set or not, and a user's project may compile with exactOptionalPropertyTypes.
  readonly event?: string | undefined;
  readonly id?: string | undefined;
  readonly retry?: number | undefined;
}

/** How a stream renderer frames a stream (docs/streams.md): each item, heartbeats, the end of a failed stream. */
export interface StreamFraming {
  /** The text of one item: `json` as the item schema wrote it, with the event's fields when the handler yielded `serverEvent()`. */
  item(json: string, fields: EventFields | undefined): string;
  /** A comment line written every `heartbeat` ms to keep the connection open; absent: no heartbeats. */
  readonly heartbeat?: string;
  /** The last text of a stream that fails after its first item (SSE's `event: error`); absent: the stream is cut without its terminating chunk. */
  error?(problem: string): string;
}

/**
 * An entry of a `renderers` list: a renderer, or a factory of one passed
 * uncalled for its defaults (`csvRenderer` for `csvRenderer()`), called once
 * when the app is built, as parsers are (docs/renderers-and-parsers.md#instances-or-factories).
 *
 * @example
 * ```ts
 * const csvRenderer = (options: { separator?: string } = {}): Renderer => ({ mediaType: 'text/csv', format: 'csv', render: (rows) => (rows as string[]).join(options.separator ?? ',') });
 * @Controller('/tags')
 * class Tags {
 *   @Get('', 'tags') list() {
 *     return ['a', 'b'];
 *   }
 * }
 * const renderers: RendererEntry[] = [JSONRenderer, csvRenderer]; // csvRenderer: csvRenderer()'s defaults
 * const app = createApp({ routes: [Tags], renderers });
 * assert.deepEqual(Object.keys((app.openapi().paths['/tags'].get.responses['200'] as { content: object }).content), ['application/json', 'text/csv']);
 * ```
 */
export type RendererEntry = Renderer | (() => Renderer);
