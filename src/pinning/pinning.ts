import type { Context } from 'koa';
import { PinStoreFailed } from '../errors';
import { announce, announced } from '../lifecycle/respond';
import { retiredOn } from '../lifecycle/lifecycle';
import type { Header, VersioningScheme } from '../model/scheme';
import type { ResolvedPinning } from './options';
import { owned } from '../util/user-code';

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
  /** The `Waymark-Version` header per version answered, made once (at most `MAX_VIEWS` kept). */
  private readonly answers = new Map<string, readonly Header[]>();

  constructor(
    readonly options: ResolvedPinning,
    private readonly now: () => number = Date.now,
  ) {
    this.header = options.header;
    this.vary = Object.freeze([options.header]);
    this.requestHeader = options.header.toLowerCase();
  }

  /**
   * The request's version, pinning its client on its first request (the
   * version it was served). A store that answers at once (`MemoryPinStore`)
   * is answered at once: no promise, no microtask, on the request path.
   */
  determine(ctx: Context, scheme: VersioningScheme, params: Record<string, string>): string | null | Promise<string | null> {
    const named = ctx.req.headers[this.requestHeader];
    let fallback: string | undefined;
    if (typeof named === 'string' && named !== '') {
      // The scheme's own bound on a version's length (64 by default) holds for the header too: a pin is stored.
      if (!storable(scheme, named) || !scheme.isAllowedVersion(named)) throw scheme.invalidVersion();
      fallback = named;
    }
    const clientId = this.options.identify(ctx);
    if (typeof clientId !== 'string' || clientId === '') return this.versionOf(ctx, scheme, params, fallback);
    (ctx as Carrier)[CLIENT] = clientId;
    const pin = this.pinOf(ctx, clientId);
    return pin instanceof Promise ? pin.then((answer) => this.served(ctx, scheme, params, fallback, clientId, answer)) : this.served(ctx, scheme, params, fallback, clientId, pin);
  }

  /** With the store's answer: the version, and the pin set when the client had none (a failed store sets nothing). */
  private served(ctx: Context, scheme: VersioningScheme, params: Record<string, string>, fallback: string | undefined, clientId: string, pin: unknown): string | null | Promise<string | null> {
    const pinned = typeof pin === 'string' && pin !== '';
    // A pin to a version the scheme no longer allows is left alone: the default serves the client.
    if (pinned && fallback === undefined && scheme.isAllowedVersion(pin)) fallback = pin;
    const version = this.versionOf(ctx, scheme, params, fallback);
    // A retired version answers 410 (after this, in the dispatcher): the client is not pinned to a version it cannot use.
    if (pinned || pin === FAILED || version === null || retiredOn(scheme.lifecycle?.stateOf(version), this.now) !== null) return version;
    const set = this.pin(ctx, clientId, version);
    return set instanceof Promise ? set.then(() => version) : version;
  }

  /** The version the scheme determines; one that could not be stored or echoed (`storable`) is the scheme's invalid version. */
  private versionOf(ctx: Context, scheme: VersioningScheme, params: Record<string, string>, fallback: string | undefined): string | null {
    const version = fallback === undefined ? scheme.determineVersion(ctx, params) : this.viewOf(scheme, fallback).determineVersion(ctx, params);
    if (version !== null && !storable(scheme, version)) throw scheme.invalidVersion();
    return version;
  }

  /** Names the version that answered in the response header, kept on an error response too. */
  answered(ctx: Context, version: string | null): void {
    if (version === null) return;
    let own = this.answers.get(version);
    if (own === undefined) {
      own = Object.freeze([Object.freeze([this.header, version] as const)]);
      if (this.answers.size < MAX_VIEWS) this.answers.set(version, own);
    }
    const before = announced(ctx);
    announce(ctx, own, before.length === 0 ? own : [...before, ...own]);
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

  /**
   * The client's pin from the store, bounded by `timeout`. A store that
   * answers with a promise (or any thenable) is answered with a native
   * promise, owned (docs/architecture.md#user-code); a failure is the app's `error` event and `FAILED`, never the
   * request's error.
   */
  private pinOf(ctx: Context, clientId: string): unknown {
    try {
      const answer = owned(this.options.store.get(clientId));
      return answer instanceof Promise ? within(answer, this.options.timeout).catch((error) => this.failed(ctx, 'get', clientId, error)) : answer;
    } catch (error) {
      return this.failed(ctx, 'get', clientId, error);
    }
  }

  /** Pins the client to `version`, as `pinOf` reads. */
  private pin(ctx: Context, clientId: string, version: string): unknown {
    try {
      const answer = owned(this.options.store.set(clientId, version));
      return answer instanceof Promise ? within(answer, this.options.timeout).catch((error) => this.failed(ctx, 'set', clientId, error)) : answer;
    } catch (error) {
      return this.failed(ctx, 'set', clientId, error);
    }
  }

  private failed(ctx: Context, operation: 'get' | 'set', clientId: string, error: unknown): typeof FAILED {
    ctx.app.emit('error', new PinStoreFailed(operation, clientId, error), ctx);
    return FAILED;
  }
}

/** Visible ASCII: what a pin store keeps and `Waymark-Version` echoes, whatever an open `allowedVersions` lets through. */
const VERSION_TEXT = /^[\x21-\x7e]+$/;

/**
 * Whether a version may be pinned and echoed: visible ASCII, within the
 * scheme's bound on a version's length (64 by default). With `allowedVersions`
 * open, anything else would be stored and then fail every later response of
 * that client as a header Node cannot send (docs/pinning.md).
 */
function storable(scheme: VersioningScheme, version: string): boolean {
  return version.length <= ((scheme as { maxVersionLength?: number }).maxVersionLength ?? 64) && VERSION_TEXT.test(version);
}

function within<T>(answer: PromiseLike<T>, timeout: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
    timer.unref();
  });
  return Promise.race([Promise.resolve(answer), late]).finally(() => clearTimeout(timer));
}
