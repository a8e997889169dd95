import type { Context } from 'koa';
import type { Readable } from 'node:stream';

/**
 * Writes a handler's value in one media type (Django REST Framework's
 * renderer classes). `mediaType` is what negotiation matches against the
 * request's Accept header and what `Content-Type` says; `format` is the name
 * `?format=` picks it by when the app's `formatOverride` is on
 * (docs/renderers-and-parsers.md).
 */
export interface Renderer {
  /** A concrete `type/subtype`, with parameters if any (`text/csv`, `application/json; indent=2`). */
  readonly mediaType: string;
  /** The short name for `?format=` (`csv`); a renderer without one is never picked by format. */
  readonly format?: string;
  /** The body for `value`; a string is sent as UTF-8. */
  render(value: unknown, ctx: Context): string | Uint8Array | Readable;
}
