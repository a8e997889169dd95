import type { Parser } from '../../model/parser';
import { coBody } from './co-body';
import { bodyError } from './text';

/**
 * Reads a body of `mediaType` (default `application/octet-stream`; `'*\/*'`
 * reads any) as a `Buffer`, up to `limits.body` bytes.
 *
 * @example
 * ```ts
 * @Controller('/blobs')
 * class Blobs {
 *   @Post('', { name: 'upload', parsers: [RawParser()] }) upload(@Body() bytes: Buffer) {
 *     return { size: bytes.length, first: bytes[0] };
 *   }
 * }
 * const app = createApp({ routes: [Blobs] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const response = await fetch(`http://127.0.0.1:${port}/blobs`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([7, 8, 9]) });
 * assert.deepEqual(await response.json(), { size: 3, first: 7 });
 * server.close();
 * ```
 */
export function RawParser(options: { mediaType?: string } = {}): Parser {
  const mediaType = options.mediaType ?? 'application/octet-stream';
  return {
    mediaType,
    async parse(ctx, limits) {
      try {
        // `encoding: null` makes raw-body (under co-body) answer the bytes as they came.
        return (await coBody().text(ctx, { limit: limits.body, encoding: null as unknown as string })) as unknown as Buffer;
      } catch (error) {
        throw bodyError(error, mediaType);
      }
    },
  };
}
