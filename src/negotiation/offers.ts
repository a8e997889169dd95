import { ACCEPT_LIMITS, negotiate, type Negotiated } from './accept';
import { parseMediaType, type MediaType } from './media-type';

/** Distinct Accept values remembered per app; past this the memo starts over (bounded, whatever clients send). */
export const NEGOTIATION_MEMO_LIMIT = 256;
/**
 * Characters of Accept values remembered per app, all entries together: a
 * count alone let 64 values of 1 MB each (with a raised maxHeaderSize) keep
 * 64 MB. A value longer than negotiation reads (`ACCEPT_LIMITS.length`) is
 * negotiated every time, never remembered.
 */
export const NEGOTIATION_MEMO_CHARS = 64 * 1024;

/** The media types one app renders, and its memo of negotiation results by Accept value. */
export class Offers {
  readonly types: readonly MediaType[];
  private readonly memo = new Map<string | undefined, Negotiated>();
  private chars = 0;

  constructor(mediaTypes: readonly string[]) {
    this.types = mediaTypes.map(parseMediaType);
  }

  /** How many Accept values are remembered. */
  get remembered(): number {
    return this.memo.size;
  }

  /** Their length, all together (at most NEGOTIATION_MEMO_CHARS). */
  get rememberedChars(): number {
    return this.chars;
  }

  /** The negotiated media type for an Accept header; throws a 406 when nothing fits. */
  accept(header: string | undefined): Negotiated {
    const known = this.memo.get(header);
    if (known) return known;
    const result = negotiate(header, this.types); // throws 406: failures are not remembered
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
}
