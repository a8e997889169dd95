import type { Context } from 'koa';
import type { Negotiated } from '../negotiation/accept';
import type { Offer } from '../negotiation/offers';

const NEGOTIATED = Symbol('waymark:negotiated');
type Carrying = Context & { [NEGOTIATED]?: Negotiated<Offer> };

/** Keeps the dispatcher's negotiation on the request, so the Accept-header scheme reads the version from the chosen range. */
export function keepNegotiated(ctx: Context, negotiated: Negotiated<Offer>): void {
  (ctx as Carrying)[NEGOTIATED] = negotiated;
}

/** The negotiation the dispatcher kept for this request; `undefined` outside it. */
export function negotiatedOf(ctx: Context): Negotiated<Offer> | undefined {
  return (ctx as Carrying)[NEGOTIATED];
}
