import type { Context } from 'koa';
import { negotiate, type Negotiated } from '../negotiation/accept';
import type { MediaType } from '../negotiation/media-type';

const NEGOTIATED = Symbol('waymark.negotiated');

/** What an app offers, read by `acceptedMediaType`. */
export interface Offers {
  readonly offers: readonly MediaType[];
}

/**
 * The media type negotiated for this request against the app's
 * `mediaTypes`, computed once per request; throws a 406 when nothing fits.
 */
export function acceptedMediaType(ctx: Context): Negotiated {
  const carrier = ctx as Context & { [NEGOTIATED]?: Negotiated };
  let negotiated = carrier[NEGOTIATED];
  if (!negotiated) {
    negotiated = negotiate(ctx.req.headers.accept, (ctx.app as unknown as Offers).offers);
    carrier[NEGOTIATED] = negotiated;
  }
  return negotiated;
}
