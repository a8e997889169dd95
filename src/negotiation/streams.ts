import { InvalidArgument } from '../errors';
import type { EventFields, Renderer, StreamFraming } from '../model/renderer';

/** What `serverEvent()` returns: an item's data with the event's own fields (docs/streams.md#server-sent-events). */
export class ServerEvent<T = unknown> implements EventFields {
  /** @internal */
  constructor(
    readonly data: T,
    readonly event: string | undefined,
    readonly id: string | undefined,
    readonly retry: number | undefined,
  ) {
    Object.freeze(this);
  }
}

/** A field value SSE can carry on one line: no CR, LF or NUL (which would end the field or, in `id`, make clients ignore it). */
const ONE_LINE = /^[^\r\n\0]*$/;

/**
 * One Server-Sent Event for a stream to yield: its `data` (an item, validated
 * and written by the route's item schema) with the `event` name, the `id` a
 * reconnecting client sends back as `Last-Event-ID`, and the `retry` delay in
 * milliseconds. JSON Lines writes the data alone.
 *
 * @example
 * ```ts
 * @Controller('/ticks')
 * class Ticks {
 *   @Get('', { name: 'ticks', responses: { 200: { items: { type: 'object', properties: { n: { type: 'integer' } } } } } })
 *   async *ticks() {
 *     yield serverEvent({ data: { n: 1 }, event: 'tick', id: '1' });
 *   }
 * }
 * const app = createApp({ routes: [Ticks] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const text = await (await fetch(`http://127.0.0.1:${port}/ticks`, { headers: { accept: 'text/event-stream' } })).text();
 * assert.equal(text, 'event: tick\nid: 1\ndata: {"n":1}\n\n');
 * server.close();
 * ```
 */
export function serverEvent<T>(fields: { data: T; event?: string; id?: string; retry?: number }): ServerEvent<T> {
  if (typeof fields !== 'object' || fields === null || !('data' in fields)) throw new InvalidArgument('serverEvent() takes { data, event?, id?, retry? }, with the data of the event.');
  const { data, event, id, retry } = fields;
  for (const [name, value] of [['event', event], ['id', id]] as const) {
    if (value !== undefined && (typeof value !== 'string' || !ONE_LINE.test(value))) {
      throw new InvalidArgument(`serverEvent(): ${name} must be a string without line breaks or NUL, got ${JSON.stringify(value)}.`);
    }
  }
  if (retry !== undefined && (typeof retry !== 'number' || !Number.isInteger(retry) || retry < 0)) {
    throw new InvalidArgument(`serverEvent(): retry must be a whole number of milliseconds, got ${JSON.stringify(retry)}.`);
  }
  return new ServerEvent(data, event, id, retry);
}

const SSE: StreamFraming = Object.freeze({
  item(json: string, fields: EventFields | undefined): string {
    if (fields === undefined) return `data: ${json}\n\n`;
    let text = '';
    if (fields.event !== undefined) text += `event: ${fields.event}\n`;
    if (fields.id !== undefined) text += `id: ${fields.id}\n`;
    if (fields.retry !== undefined) text += `retry: ${fields.retry}\n`;
    return `${text}data: ${json}\n\n`;
  },
  heartbeat: ':\n\n',
  // A format of the app's own may span lines: each is a data line, as SSE joins them.
  error: (problem: string) => `event: error\n${problem.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join('')}\n`,
});

/**
 * `text/event-stream`, Server-Sent Events (docs/streams.md#server-sent-events):
 * each item of a stream is one event whose `data` line is the item's JSON;
 * `serverEvent()` sets the event's other fields. A comment line every
 * `stream.heartbeat` ms keeps proxies from closing an idle connection; a
 * stream that fails after its first item ends with `event: error`.
 *
 * @example
 * ```ts
 * assert.equal(EventStreamRenderer.mediaType, 'text/event-stream');
 * assert.equal(EventStreamRenderer.stream?.item('{"n":1}', undefined), 'data: {"n":1}\n\n');
 * ```
 */
export const EventStreamRenderer: Renderer = Object.freeze({
  mediaType: 'text/event-stream',
  format: 'sse',
  render: (value: unknown) => SSE.item(JSON.stringify(value) ?? 'null', undefined),
  stream: SSE,
});

const LINES: StreamFraming = Object.freeze({ item: (json: string) => `${json}\n` });

/**
 * `application/jsonl`, JSON Lines (docs/streams.md#json-lines), also answering
 * `application/x-ndjson`: each item of a stream is one line of JSON. A stream
 * that fails after its first item is cut without its terminating chunk, so a
 * client can tell it from one that ended.
 *
 * @example
 * ```ts
 * assert.equal(JSONLinesRenderer.mediaType, 'application/jsonl');
 * assert.deepEqual(JSONLinesRenderer.aliases, ['application/x-ndjson']);
 * assert.equal(JSONLinesRenderer.stream?.item('{"n":1}', undefined), '{"n":1}\n');
 * ```
 */
export const JSONLinesRenderer: Renderer = Object.freeze({
  mediaType: 'application/jsonl',
  format: 'jsonl',
  aliases: Object.freeze(['application/x-ndjson']),
  render: (value: unknown) => LINES.item(JSON.stringify(value) ?? 'null', undefined),
  stream: LINES,
});

/** A stream route's renderers when it names none that stream: SSE first (what `Accept: *\/*` gets), then JSON Lines. */
export const STREAM_RENDERERS: readonly Renderer[] = Object.freeze([EventStreamRenderer, JSONLinesRenderer]);

/** Whether a route's responses declare a stream (`items` on a status). */
export function streams(route: { readonly docs: { readonly responses?: { readonly [status: string]: { readonly items?: unknown } } } }): boolean {
  const responses = route.docs.responses;
  if (responses === undefined) return false;
  for (const status in responses) if (responses[status].items !== undefined) return true;
  return false;
}

/**
 * The renderers a route answers with: its own (else its controller's, else
 * its include's), else the app's; for a stream route, those among its own
 * that frame streams, else `STREAM_RENDERERS` (docs/streams.md#declaring-a-stream).
 */
export function routeRenderers(route: Parameters<typeof streams>[0] & { readonly renderers: readonly Renderer[] | null }, app: readonly Renderer[]): readonly Renderer[] {
  if (!streams(route)) return route.renderers ?? app;
  const own = route.renderers?.filter((renderer) => renderer.stream !== undefined) ?? [];
  return own.length > 0 ? own : STREAM_RENDERERS;
}
