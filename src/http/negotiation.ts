import type { Context } from 'koa';
import { negotiate, type Negotiated } from '../negotiation/accept';
import type { MediaType } from '../negotiation/media-type';

/** Distinct Accept values remembered per app; past this the memo starts over (bounded, whatever clients send). */
export const NEGOTIATION_MEMO_LIMIT = 256;

/** What an app offers, read by `acceptedMediaType`, and its memo of results by Accept value. */
export interface Offers {
  readonly offers: readonly MediaType[];
  readonly negotiated: Map<string | undefined, Negotiated>;
}

/**
 * The media type negotiated for this request against the app's
 * `mediaTypes`; throws a 406 when nothing fits. The app's memo makes a
 * second call in the same request (the Accept-header scheme's) a lookup.
 */
export function acceptedMediaType(ctx: Context): Negotiated {
  const app = ctx.app as unknown as Offers;
  const header = ctx.req.headers.accept;
  const known = app.negotiated.get(header);
  if (known) return known;
  const result = negotiate(header, app.offers); // throws 406: failures are not remembered
  if (app.negotiated.size >= NEGOTIATION_MEMO_LIMIT) app.negotiated.clear();
  app.negotiated.set(header, result);
  return result;
}
