import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { owned } from '../util/user-code';
import type { Offer, Offers } from '../negotiation/offers';

/**
 * Writes a handler's value as the response with the negotiated offer (one of
 * the route's `offers`): `render` below, or a route's response contract (plan/contracts.ts).
 */
export type Render = (ctx: Context, returned: unknown, offer: Offer, offers: Offers) => void | Promise<void>;

/**
 * A returned value (or an object the handler put in `ctx.body`) is written by
 * the negotiated renderer (`null` included); buffers and streams pass
 * through, as does a string the handler put in `ctx.body`. Serialising here,
 * not in Koa's respond step, means a circular or BigInt value is a 500
 * problem document instead of a broken reply.
 */
export function render(ctx: Context, returned: unknown, offer: Offer, offers: Offers): void {
  let value = returned;
  if (value === undefined) {
    if (ctx.body == null) {
      if (!statusWasSet(ctx)) ctx.status = 204;
      return;
    }
    if (typeof ctx.body === 'string' || isRaw(ctx.body)) return;
    value = ctx.body;
  } else if (isRaw(value)) {
    ctx.body = bytes(value);
    return;
  }
  writeValue(ctx, value, offer, offers);
}

/**
 * Writes `value` with `offer`'s renderer and `Content-Type`. A handler that
 * set `ctx.type` itself chose the representation: the route's renderer of
 * that type writes it, and without one a string is sent as written, any
 * other value as JSON (docs/renderers-and-parsers.md). `json` is what a
 * response contract wrote for the value: JSON renderers send it, other
 * renderers get the value it kept (undeclared fields never leave, whatever the format).
 */
export function writeValue(ctx: Context, value: unknown, offer: Offer, offers: Offers, json?: string): void {
  const own = ctx.response.get('Content-Type');
  const chosen = own ? offers.find(own as string) : offer;
  if (chosen === undefined) {
    ctx.body = typeof value === 'string' ? value : (json ?? JSON.stringify(value));
    return;
  }
  // The type first: Koa's body setter would otherwise guess text/plain or text/html for a string.
  if (!own) chosen.setContentType(ctx);
  if (chosen.json) ctx.body = json ?? JSON.stringify(value);
  else ctx.body = bytes(rendered(owned(chosen.renderer.render(json === undefined ? value : JSON.parse(json), ctx))));
}

/**
 * A renderer answers at once (a string, bytes or a stream); one that answers with a promise (an
 * `async render`) would be sent as `{}`: it is an error, reported, and its promise is owned
 * (docs/architecture.md#user-code).
 */
function rendered<T>(body: T): T {
  if (body instanceof Promise) throw new TypeError('A renderer returned a promise: render() must return a string, bytes or a stream, at once (docs/renderers-and-parsers.md).');
  return body;
}

/** Koa sends a Buffer as bytes but would write any other Uint8Array as a JSON object: wrap it, without copying. */
function bytes<T>(value: T): T | Buffer {
  return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
}

/** Whether something set `ctx.status`: Koa reads 404 until then, and an explicit 404 is not that one. */
export function statusWasSet(ctx: Context): boolean {
  return (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus === true;
}

export function isRaw(value: unknown): boolean {
  return value instanceof Uint8Array || value instanceof Readable;
}
