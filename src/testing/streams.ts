import type { IncomingMessage } from 'node:http';
import type { SchemaValue } from './operations';
import type { DocumentSchemas } from './validator';

/** How many items of a stream the check reads before it leaves (docs/testing.md). */
export const STREAM_ITEMS = 5;
/** How long it waits for the next item of a stream before it checks what came (a feed may wait for events for ever). */
export const STREAM_WAIT = 1_000;

/** Whether a response is a stream of items (docs/streams.md): SSE or JSON Lines. */
export function isStreamType(type: string | undefined): boolean {
  return type !== undefined && /^(?:text\/event-stream|application\/(?:jsonl|x-ndjson))\b/i.test(type);
}

/**
 * Reads the first `STREAM_ITEMS` items of a stream (or what comes before it
 * ends, or before `STREAM_WAIT` passes without an item), then calls `leave`,
 * which ends the request: the check never waits on a stream that goes on.
 */
export function readItems(incoming: IncomingMessage, leave: () => void): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const sse = /^text\/event-stream/i.test(String(incoming.headers['content-type']));
    const done = (): void => {
      clearTimeout(timer);
      incoming.removeAllListeners('data');
      leave();
      resolve(text);
    };
    let timer = setTimeout(done, STREAM_WAIT);
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      text += chunk;
      clearTimeout(timer);
      timer = setTimeout(done, STREAM_WAIT);
      if (text.split(sse ? '\n\n' : '\n').length > STREAM_ITEMS) done();
    });
    incoming.on('end', done);
    incoming.on('error', done);
    incoming.on('aborted', done);
  });
}

/**
 * What is wrong with the items a stream sent, held to the item schema of
 * its document (3.2's `itemSchema`, the SSE event's `data`; 3.1's
 * `x-waymark-items`); `null` when nothing is. An `event: error` is a failure:
 * the stream broke after it began.
 */
export function checkItems(type: string, text: string, entry: Record<string, unknown>, schemas: DocumentSchemas): string | null {
  const sse = /^text\/event-stream/i.test(type);
  const itemSchema = entry.itemSchema as Record<string, unknown> | undefined;
  const schema = (entry['x-waymark-items'] ?? (sse ? (itemSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.data?.contentSchema : itemSchema)) as SchemaValue | undefined;
  if (schema === undefined) return null;
  const complete = (sse ? text.split('\n\n') : text.split('\n')).slice(0, -1); // the last piece may be cut off by leaving
  for (const [index, piece] of complete.entries()) {
    let data = piece;
    if (sse) {
      const lines = piece.split('\n');
      if (lines.some((line) => line === 'event: error')) return `sent event: error after ${index} items: ${lines.filter((line) => line.startsWith('data:')).join(' ')}`;
      const found = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, ''));
      if (found.length === 0) continue; // a heartbeat
      data = found.join('\n');
    } else if (piece.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return `sent item ${index + 1} that is not JSON`;
    }
    const issues = schemas.issues(schema, value);
    if (issues.length > 0) return `sent item ${index + 1} that its documented item schema (${type}) refuses: ${issues.join('; ')}`;
  }
  return null;
}
