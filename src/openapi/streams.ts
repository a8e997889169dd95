import { shownSchema, type Warn } from './schemas';
import type { Schema } from '../model/schema';

/** The extension a 3.1 document gives a stream's content: the item schema, where 3.2 has `itemSchema` (docs/streams.md#in-the-documents). */
export const ITEMS_EXTENSION = 'x-waymark-items';

/**
 * A stream's `content` (docs/streams.md#in-the-documents). In 3.2, each media
 * type's `itemSchema`: for JSON Lines the item schema, for
 * `text/event-stream` the event, whose `data` is JSON of the item schema (as
 * 3.2 describes Server-Sent Events). In 3.1, which has no items, the body is a
 * string, and the item schema stands beside it in `x-waymark-items`.
 */
export function streamContent(items: Schema, mediaTypes: readonly string[], oas: '3.1' | '3.2', warn: Warn): Record<string, unknown> {
  const item = shownSchema(items, 'output', warn);
  return Object.fromEntries(
    mediaTypes.map((type) => {
      const sse = /^text\/event-stream\b/i.test(type);
      if (oas === '3.1') {
        const schema = { type: 'string', description: sse ? 'Server-Sent Events: each event’s data is one item as JSON (x-waymark-items).' : 'One item as JSON per line (x-waymark-items).' };
        return [type, { schema, [ITEMS_EXTENSION]: item }];
      }
      return [type, { itemSchema: sse ? eventSchema(item) : item }];
    }),
  );
}

/** One Server-Sent Event carrying an item, as OpenAPI 3.2 describes `text/event-stream`. */
function eventSchema(item: unknown): Record<string, unknown> {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'string', contentMediaType: 'application/json', contentSchema: item },
      event: { type: 'string' },
      id: { type: 'string' },
      retry: { type: 'integer', minimum: 0 },
    },
  };
}
