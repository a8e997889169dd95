import { parseMediaType, precedence, satisfies, splitOutsideQuotes, type MediaType } from './media-type';

/** Work per request is bounded: a longer header is cut, and only the first ranges count. */
export const ACCEPT_LIMITS = { length: 4096, ranges: 32 } as const;

/** RFC 9110 qvalue. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

export interface Negotiated<T extends { readonly media: MediaType } = { readonly media: MediaType }> {
  /** The offer (a renderer and its parsed media type) that will be rendered. */
  readonly offer: T;
  /** The client's matched range (its parameters carry e.g. the version). */
  readonly accepted: MediaType;
}

interface Range {
  media: MediaType;
  q: number;
  precedence: number;
}

/**
 * Content negotiation as Django REST Framework does it
 * (docs/reference/versioning.md#content-negotiation),
 * with RFC 9110 where DRF has quirks: commas inside quoted strings do not
 * split, higher `q` wins inside a precedence group, `q=0` excludes a range.
 * An absent header means `*\/*`; an empty one matches nothing: `null`, a 406.
 * Offers are tried in their order inside each precedence group.
 */
export function negotiate<T extends { readonly media: MediaType }>(header: string | undefined, offers: readonly T[]): Negotiated<T> | null {
  const ranges = parseAccept(header === undefined ? '*/*' : header);
  const groups = [3, 2, 1, 0].map((level) => ranges.filter((range) => range.precedence === level).sort((a, b) => b.q - a.q));
  for (const group of groups) {
    for (const offer of offers) {
      for (const range of group) {
        if (satisfies(offer.media, range.media)) return { offer, accepted: range.media };
      }
    }
  }
  return null;
}

function parseAccept(header: string): Range[] {
  let text = header;
  if (text.length > ACCEPT_LIMITS.length) {
    text = text.slice(0, ACCEPT_LIMITS.length);
    const cut = text.lastIndexOf(',');
    text = cut === -1 ? '' : text.slice(0, cut);
  }
  const ranges: Range[] = [];
  for (const piece of splitOutsideQuotes(text, ',').slice(0, ACCEPT_LIMITS.ranges)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const media = parseMediaType(trimmed);
    const q = media.params.has('q') ? qvalue(media.params.get('q') as string) : 1;
    if (q > 0 && media.main !== '') ranges.push({ media, q, precedence: precedence(media) });
  }
  return ranges;
}

/**
 * docs/reference/versioning.md#content-negotiation: a q that is not an RFC 9110 qvalue (`q=2`, `q=abc`, `q=`,
 * `q=-1`, more than three decimals) leaves the range at q=1, as DRF does;
 * only a valid `q=0` excludes it.
 */
function qvalue(text: string): number {
  return QVALUE.test(text) ? Number(text) : 1;
}
