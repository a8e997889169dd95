import { Readable } from 'node:stream';
import type { Context } from 'koa';

/** Writes a handler's value as the response: `render` below, or a route's response contract (./contracts.ts). */
export type Render = (ctx: Context, returned: unknown, type: string, types: ContentTypes) => void | Promise<void>;

/**
 * A returned value becomes the JSON body (`null` included); buffers and
 * streams pass through. Serialising here, not in Koa's respond step, means a
 * circular or BigInt value is a 500 problem document instead of a broken reply.
 */
export function render(ctx: Context, returned: unknown, type: string, types: ContentTypes): void {
  let value = returned;
  if (value === undefined) {
    if (ctx.body == null) {
      if (ctx.status === 404) ctx.status = 204;
      return;
    }
    if (typeof ctx.body === 'string' || isRaw(ctx.body)) return;
    value = ctx.body;
  } else if (isRaw(value)) {
    ctx.body = value;
    return;
  }
  ctx.body = asJson(ctx, JSON.stringify(value), type, types);
}

/** `text` as the JSON body's text, with the negotiated media type unless the handler chose one. */
export function asJson(ctx: Context, text: string, type: string, types: ContentTypes): string {
  // A wildcard range (`*/*`, `application/*`) before the parameters names no type to send: JSON.
  if (!ctx.response.get('Content-Type')) types.set(ctx, /^[^;]*\*/.test(type) ? 'application/json' : type);
  return text;
}

/**
 * The Content-Type header of each media type an app renders, as Koa's
 * `ctx.type` setter writes it (mime-types adds the charset), found through
 * that setter once per type and then set directly: the lookup cost more
 * than the rest of rendering. Keys are the app's own media types, with the
 * Accept-header scheme's `; version=...` appended; since a scheme that allows
 * every version would let clients add keys at will, at most `MAX_KNOWN` are
 * kept, and the rest go through the setter each time.
 */
export class ContentTypes {
  static readonly MAX_KNOWN = 256;
  private readonly known = new Map<string, string>();

  /** How many headers are remembered (for the test that holds the bound). */
  get remembered(): number {
    return this.known.size;
  }

  set(ctx: Context, type: string): void {
    const header = this.known.get(type);
    if (header !== undefined) {
      ctx.set('Content-Type', header);
      return;
    }
    ctx.type = type;
    const written = ctx.response.get('Content-Type');
    if (typeof written === 'string' && written !== '' && this.known.size < ContentTypes.MAX_KNOWN) this.known.set(type, written);
  }
}

export function isRaw(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof Readable;
}
