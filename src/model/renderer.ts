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

/**
 * An entry of a `renderers` list: a renderer, or a factory of one passed
 * uncalled for its defaults (`csvRenderer` for `csvRenderer()`), called once
 * when the app is built, as parsers are (docs/renderers-and-parsers.md#instances-or-factories).
 *
 * @example
 * ```ts
 * const csvRenderer = (options: { separator?: string } = {}): Renderer => ({ mediaType: 'text/csv', format: 'csv', render: (rows) => (rows as string[]).join(options.separator ?? ',') });
 * @Controller('/tags')
 * class Tags {
 *   @Get('', 'tags') list() {
 *     return ['a', 'b'];
 *   }
 * }
 * const renderers: RendererEntry[] = [JSONRenderer, csvRenderer]; // csvRenderer: csvRenderer()'s defaults
 * const app = createApp({ routes: [Tags], renderers });
 * assert.deepEqual(Object.keys((app.openapi().paths['/tags'].get.responses['200'] as { content: object }).content), ['application/json', 'text/csv']);
 * ```
 */
export type RendererEntry = Renderer | (() => Renderer);
