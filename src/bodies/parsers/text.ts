import type { Context } from 'koa';
import { httpError, messageOf, UnsupportedMediaType } from '../../errors';
import type { Parser } from '../../model/parser';
import { coBody } from './co-body';

/**
 * Reads `text/plain` as a string, in the body's `charset` (UTF-8 when it has
 * none; any charset iconv-lite knows; another is a 415), up to `limits.body` bytes.
 *
 * @example
 * ```ts
 * @Controller('/echo', { parsers: [TextParser()] })
 * class Echo {
 *   @Post('', 'echo') echo(@Body() text: string) {
 *     return { text };
 *   }
 * }
 * const app = createApp({ routes: [Echo] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'héllo' });
 * assert.deepEqual(await response.json(), { text: 'héllo' });
 * server.close();
 * ```
 */
export function TextParser(): Parser {
  return { mediaType: 'text/plain', parse: (ctx, limits) => readText(ctx, limits.body, 'text/plain') };
}

/** The body as text in its charset (forms: UTF-8 unless it says otherwise). */
export async function readText(ctx: Context, limit: number, mediaType: string): Promise<string> {
  try {
    return await coBody().text(ctx, { limit, encoding: ctx.request.charset || 'utf-8' });
  } catch (error) {
    throw bodyError(error, `${mediaType}; charset=utf-8`);
  }
}

/** raw-body's and co-body's errors as problem documents: 413 over the limit, 415 an unknown charset or encoding, else 400. */
export function bodyError(error: unknown, accepted: string): Error {
  const status = (error as { status?: number }).status;
  if (status === 413) return httpError('BODY_TOO_LARGE');
  if (status === 415) return new UnsupportedMediaType(messageOf('UNSUPPORTED_MEDIA_TYPE', { types: accepted }, 'accepted'));
  return httpError('INVALID_BODY');
}
