import type { Context } from 'koa';
import { NotAcceptable, NotFound } from '../errors';
import type { Renderer } from '../model/renderer';
import type { VersioningScheme } from '../model/scheme';
import { ACCEPT_LIMITS, negotiate, type Negotiated } from './accept';
import { parseMediaType, type MediaType } from './media-type';
import { writesJson } from './renderers';
import { routeRenderers, streams } from './streams';

/** Distinct Accept values remembered per set of renderers; past this the memo starts over (bounded, whatever clients send). */
export const NEGOTIATION_MEMO_LIMIT = 256;
/**
 * Characters of Accept values remembered per set of renderers, all entries
 * together: a count alone let 64 values of 1 MB each (with a raised
 * maxHeaderSize) keep 64 MB. A value longer than negotiation reads
 * (`ACCEPT_LIMITS.length`) is negotiated every time, never remembered.
 */
export const NEGOTIATION_MEMO_CHARS = 64 * 1024;

/**
 * One renderer of a route as negotiation and rendering use it: its parsed
 * media type, whether it is the JSON renderer, and the `Content-Type` header
 * it sends, found through Koa's `ctx.type` setter (mime-types adds the
 * charset) once and then set directly: the lookup cost more than the rest of
 * rendering. With the Accept-header scheme the header names the version
 * (`; version=2.0`); since a scheme that allows every version would let
 * clients add headers at will, at most `MAX_KNOWN` versions are remembered
 * per scheme, and the rest go through the setter each time.
 */
export class Offer {
  static readonly MAX_KNOWN = 256;
  readonly media: MediaType;
  /** The built-in JSON renderer (under any media type): the route keeps the JSON path and its response contracts. */
  readonly json: boolean;
  private plain: string | undefined;
  private readonly versioned = new Map<VersioningScheme, Map<string, string>>();

  constructor(readonly renderer: Renderer) {
    this.media = parseMediaType(renderer.mediaType);
    this.json = writesJson(renderer);
  }

  /** How many versioned headers are remembered for `scheme` (for the test that holds the bound). */
  remembered(scheme: VersioningScheme): number {
    return this.versioned.get(scheme)?.size ?? 0;
  }

  /** Sets the response's `Content-Type` to the renderer's media type as written, parameters included, as DRF does (naming the request's version when its scheme says so). */
  setContentType(ctx: Context): void {
    const scheme = ctx.versioningScheme;
    const version = ctx.version;
    if (scheme === null || scheme.mediaTypeParameter === undefined || typeof version !== 'string') {
      if (this.plain === undefined) this.plain = found(ctx, this.renderer.mediaType);
      else ctx.set('Content-Type', this.plain);
      return;
    }
    let known = this.versioned.get(scheme);
    if (known === undefined) this.versioned.set(scheme, (known = new Map()));
    let header = known.get(version);
    if (header === undefined) {
      this.plain ??= found(ctx, this.renderer.mediaType);
      header = withParameter(this.plain, this.renderer.mediaType, scheme.mediaTypeParameter(version));
      if (known.size < Offer.MAX_KNOWN) known.set(version, header);
    }
    ctx.set('Content-Type', header);
  }
}

/** The charset parameter mime-types appends (`; charset=utf-8`), at the end of the header. */
const APPENDED_CHARSET = /; charset=[^;]*$/;

/**
 * The renderer's header with the version parameter in it, before the charset
 * that mime-types appended, as it would write it. The charset is found for the
 * media type alone: mime-types adds none to a type whose text holds the word
 * `charset` anywhere, so a version named `charset` would otherwise lose it.
 */
function withParameter(plain: string, mediaType: string, parameter: string): string {
  const appended = mediaType.includes('charset') ? null : APPENDED_CHARSET.exec(plain);
  return appended === null ? plain + parameter : plain.slice(0, appended.index) + parameter + appended[0];
}

function found(ctx: Context, type: string): string {
  ctx.type = type;
  return ctx.response.get('Content-Type') as string;
}

/**
 * The renderers of one route (or of every route that has the app's), in
 * their order, with a memo of negotiation results by Accept value.
 */
export class Offers {
  readonly offers: readonly Offer[];
  private readonly memo = new Map<string | undefined, Negotiated<Offer>>();
  private chars = 0;
  private formats: Map<string, Offers> | undefined;

  constructor(renderers: readonly Renderer[]) {
    // A renderer's aliases are offers of their own after it, sending the type the client asked for.
    this.offers = renderers.flatMap((renderer) => [new Offer(renderer), ...(renderer.aliases ?? []).map((alias) => new Offer({ ...renderer, mediaType: alias }))]);
  }

  /** The media types offered, in order (what a 406 lists). */
  get mediaTypes(): string[] {
    return this.offers.map((offer) => offer.renderer.mediaType);
  }

  /** How many Accept values are remembered. */
  get remembered(): number {
    return this.memo.size;
  }

  /** Their length, all together (at most NEGOTIATION_MEMO_CHARS). */
  get rememberedChars(): number {
    return this.chars;
  }

  /** The offer for an Accept header; a 406 listing the media types offered when nothing fits. */
  accept(header: string | undefined): Negotiated<Offer> {
    const known = this.memo.get(header);
    if (known) return known;
    const result = negotiate(header, this.offers);
    if (result === null) throw new NotAcceptable(undefined, { extensions: { available: this.mediaTypes } }); // failures are not remembered
    const length = header?.length ?? 0;
    if (length > ACCEPT_LIMITS.length) return result;
    if (this.memo.size >= NEGOTIATION_MEMO_LIMIT || this.chars + length > NEGOTIATION_MEMO_CHARS) {
      this.memo.clear();
      this.chars = 0;
    }
    this.memo.set(header, result);
    this.chars += length;
    return result;
  }

  /**
   * The renderers whose `format` is `format` (`?format=csv`), as Django REST
   * Framework's `URL_FORMAT_OVERRIDE` filters them; none is a 404. Kept per
   * format that exists, so clients cannot grow it.
   */
  withFormat(format: string): Offers {
    const known = this.formats?.get(format);
    if (known !== undefined) return known;
    const renderers = this.offers.flatMap(({ renderer }) => (renderer.format === format ? [renderer] : []));
    if (renderers.length === 0) throw new NotFound();
    const offers = renderers.length === this.offers.length ? this : new Offers(renderers);
    (this.formats ??= new Map()).set(format, offers);
    return offers;
  }

  /** The first offer whose media type is `type` (a handler's own `ctx.type`), ignoring parameters and case. */
  find(type: string): Offer | undefined {
    const full = parseMediaType(type).full;
    return this.offers.find((offer) => offer.media.full === full);
  }
}

/**
 * Each route's offers, in the table's order: the app's for a route that names
 * no renderers (such a route pays nothing new), one `Offers` per distinct list
 * otherwise (the routes of one controller share theirs); a stream route's are
 * its stream renderers (`routeRenderers`).
 */
export function offersOfRoutes(routes: readonly Parameters<typeof routeRenderers>[0][], app: Offers): Offers[] {
  const made = new Map<readonly Renderer[], Offers>();
  return routes.map((route) => {
    const renderers = streams(route) ? routeRenderers(route, []) : route.renderers;
    if (renderers === null) return app;
    let offers = made.get(renderers);
    if (offers === undefined) made.set(renderers, (offers = new Offers(renderers)));
    return offers;
  });
}
