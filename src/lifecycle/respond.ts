import type { Context } from 'koa';
import { httpError } from '../errors';
import type { Header, SchemeLifecycle } from '../model/scheme';
import { retiredOn } from './lifecycle';

/** The lifecycle headers a response carries, kept on the request for an error response. */
const KEPT = Symbol('waymark.lifecycle');
type Carrier = Context & { [KEPT]?: readonly Header[] };

/**
 * Puts `headers` on the response, and keeps `kept` (all the lifecycle
 * headers sent so far) so that the problem document written if the request
 * fails carries them too (docs/lifecycle.md: errors included).
 */
export function announce(ctx: Context, headers: readonly Header[], kept = headers): void {
  if (headers.length === 0) return;
  for (const [name, value] of headers) ctx.res.setHeader(name, value);
  (ctx as Carrier)[KEPT] = kept;
}

/** The lifecycle headers announced for this request, for the error path to put back. */
export function announced(ctx: Context): readonly Header[] {
  return (ctx as Carrier)[KEPT] ?? [];
}

/**
 * After the version is determined (`announce` sent the reported lists
 * already): its deprecation headers, then 410 Gone when it is
 * retired (`retireAfterSunset` and its sunset has passed by `now`).
 */
export function announceVersion(ctx: Context, lifecycle: SchemeLifecycle, version: string | null, now: () => number): void {
  const state = lifecycle.stateOf(version);
  if (state === undefined) return; // a version without deprecation adds nothing to the reported lists
  // Kept after what was announced before (the reported lists; the pinned version's header, docs/pinning.md), for a 410 too.
  const before = announced(ctx);
  announce(ctx, state.own, before.length === 0 || before === lifecycle.reported ? state.headers : [...before, ...state.own]);
  const sunset = retiredOn(state, now);
  if (sunset !== null) throw httpError('VERSION_RETIRED', { date: sunset });
}
