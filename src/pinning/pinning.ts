import type { Context } from 'koa';
import { PinStoreFailed } from '../errors';
import { announce, announced } from '../lifecycle/respond';
import type { VersioningScheme } from '../model/scheme';
import type { ResolvedPinning } from './options';

const CLIENT = Symbol('waymark:pinned-client');
type Carrier = Context & { [CLIENT]?: string };

/** A store call that threw or timed out: reported, and the request goes on unpinned. */
const FAILED = Symbol('waymark:pin-store-failed');

/** Views per scheme kept at most: with `allowedVersions` null a header may name any version. */
const MAX_VIEWS = 64;

/**
 * The request side of `AppOptions.pinning` (docs/pinning.md): before the
 * scheme determines a request's version, the version it should fall back to
 * when the request names none is found (the `Waymark-Version` header, else
 * the client's pin), and the scheme determines the version through a view of
 * itself whose `defaultVersion` is that one. Every scheme then keeps its own
 * rules for the version a request names.
 */
export class Pinning {
  readonly header: string;
  /** What a pinned response varies on besides the scheme's carrier: the header that overrides the pin. */
  readonly vary: readonly string[];
  private readonly requestHeader: string;
  private readonly views = new Map<VersioningScheme, Map<string, VersioningScheme>>();

  constructor(readonly options: ResolvedPinning) {
    this.header = options.header;
    this.vary = Object.freeze([options.header]);
    this.requestHeader = options.header.toLowerCase();
  }

  /** The request's version, pinning its client on its first request (the version it was served). */
  async determine(ctx: Context, scheme: VersioningScheme, params: Record<string, string>): Promise<string | null> {
    const { identify, store } = this.options;
    const named = ctx.req.headers[this.requestHeader];
    let fallback: string | undefined;
    if (typeof named === 'string' && named !== '') {
      // The scheme's own bound on a version's length (64 by default) holds for the header too: a pin is stored.
      if (named.length > ((scheme as { maxVersionLength?: number }).maxVersionLength ?? 64) || !scheme.isAllowedVersion(named)) throw scheme.invalidVersion();
      fallback = named;
    }
    const clientId = identify(ctx);
    let unpinned = false;
    if (typeof clientId === 'string' && clientId !== '') {
      (ctx as Carrier)[CLIENT] = clientId;
      const pin = await this.call(ctx, 'get', clientId, () => store.get(clientId));
      if (typeof pin === 'string' && pin !== '') {
        // A pin to a version the scheme no longer allows is left alone: the default serves the client.
        if (fallback === undefined && scheme.isAllowedVersion(pin)) fallback = pin;
      } else unpinned = pin !== FAILED;
    }
    const version = fallback === undefined ? scheme.determineVersion(ctx, params) : this.viewOf(scheme, fallback).determineVersion(ctx, params);
    if (unpinned && version !== null) await this.call(ctx, 'set', clientId as string, () => store.set(clientId as string, version));
    return version;
  }

  /** Names the version that answered in the response header, kept on an error response too. */
  answered(ctx: Context, version: string | null): void {
    if (version === null) return;
    announce(ctx, [[this.header, version]], [...announced(ctx), [this.header, version]]);
  }

  /** The pinning client id of the request, once `determine` has run; `undefined` for an anonymous one. */
  clientOf(ctx: Context): string | undefined {
    return (ctx as Carrier)[CLIENT];
  }

  private viewOf(scheme: VersioningScheme, version: string): VersioningScheme {
    let views = this.views.get(scheme);
    if (views === undefined) this.views.set(scheme, (views = new Map()));
    let view = views.get(version);
    if (view === undefined) {
      // The app's scheme is left as it is: a view of it, as the version history makes one (docs/pinning.md).
      view = Object.create(scheme, { defaultVersion: { value: version, enumerable: true } }) as VersioningScheme;
      if (views.size < MAX_VIEWS) views.set(version, view);
    }
    return view;
  }

  /** A store call, bounded by `timeout`; a failure is the app's `error` event and `FAILED`, never the request's error. */
  private async call<T>(ctx: Context, operation: 'get' | 'set', clientId: string, run: () => T | PromiseLike<T>): Promise<T | typeof FAILED> {
    try {
      const answer = run();
      return isThenable(answer) ? await within(answer, this.options.timeout) : answer;
    } catch (error) {
      ctx.app.emit('error', new PinStoreFailed(operation, clientId, error), ctx);
      return FAILED;
    }
  }
}

function within<T>(answer: PromiseLike<T>, timeout: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
    timer.unref();
  });
  return Promise.race([Promise.resolve(answer), late]).finally(() => clearTimeout(timer));
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === 'function';
}
