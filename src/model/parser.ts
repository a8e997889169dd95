import type { Context } from 'koa';

/**
 * The limits a parser reads a body within (docs/renderers-and-parsers.md#limits):
 * the app's `limits`, or a parser's own. Above one, the request is a 413.
 */
export interface ParseLimits {
  /** Bytes of a JSON, form, text or raw body; with multipart, of all its fields together. */
  readonly body: number;
  /** Fields of a form or multipart body. */
  readonly fields: number;
  /** Bytes of one multipart field's value. */
  readonly fieldSize: number;
  /** Files of a multipart body. */
  readonly files: number;
  /** Bytes of one uploaded file. */
  readonly fileSize: number;
  /** Parts of a multipart body, fields and files together. */
  readonly parts: number;
  /** Bytes of one multipart part's header block. */
  readonly headerSize: number;
}

/**
 * Reads a request body of one media type (DRF's parser classes). `parse`
 * runs only once the route's guards have passed, when a handler's argument
 * needs the body; it throws an `HttpError` (400 malformed, 413 over a limit).
 */
export interface Parser {
  /** The media type it reads, compared without parameters: `'application/json'`, `'text/*'`. */
  readonly mediaType: string;
  /** More types it reads, in `ctx.is()` syntax (`'+json'`); not listed in documents or 415s. */
  readonly matches?: readonly string[];
  /** Its values are text (forms): `@Body({ schema })` coerces them to the schema's types. */
  readonly form?: boolean;
  /** It can deliver uploaded files, so `@File()`/`@Files()` may bind them. */
  readonly files?: boolean;
  parse(ctx: Context, limits: ParseLimits): Promise<unknown>;
}

/**
 * An entry of a `parsers` list: a parser, or a factory passed uncalled for
 * its defaults (`JSONParser` is `JSONParser()`), called once when the app is
 * built (docs/renderers-and-parsers.md#instances-or-factories).
 *
 * @example
 * ```ts
 * @Controller('/notes')
 * class Notes {
 *   @Post('', 'create') create(@Body() note: unknown) {
 *     return note;
 *   }
 * }
 * const parsers: ParserEntry[] = [JSONParser, FormParser()]; // JSONParser: JSONParser()'s defaults
 * const app = createApp({ routes: [Notes], parsers });
 * assert.deepEqual(Object.keys((app.openapi().paths['/notes'].post.requestBody as { content: object }).content), ['application/json', 'application/x-www-form-urlencoded']);
 * ```
 */
export type ParserEntry = Parser | (() => Parser);

/** An uploaded file: on disk at `path` (removed when the response ends) or in memory as `buffer`. */
export interface UploadedFile {
  /** The form field it was sent under. */
  readonly fieldName: string;
  /** The client's name for it, sanitised: no directories, no `..`, no control characters; `''` when none was sent. */
  readonly filename: string;
  /** The part's `Content-Type` (`text/plain` when absent, as RFC 7578 §4.4 says). */
  readonly mimeType: string;
  /** Its size in bytes. */
  readonly size: number;
  /** Where it was written (disk storage); the file is removed when the response ends, whatever happens. */
  readonly path?: string;
  /** Its bytes (memory storage). */
  readonly buffer?: Buffer;
}

/** A form or multipart body: its fields (a repeated name gives an array), and its files under `UPLOADS`. */
export interface FormBody {
  [name: string]: string | string[];
}
