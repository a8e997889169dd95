import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { BadRequest, HttpError, ImproperlyConfigured, messageOf } from '../../errors';
import type { FormBody, ParseLimits, Parser, UploadedFile } from '../../model/parser';
import { UPLOADS } from '../files';
import { checkKeys, keysOf } from '../../util/keys';
import { addField } from './form';
import { boundaryOf, PartHeaders } from './part-headers';
import { busboy } from './busboy';
import { sanitiseFilename, store, type Storage } from './uploads';

export interface MultiPartOptions {
  /** `'disk'` (default): each file streamed to a temporary file, removed when the response ends; `'memory'`: kept as a `Buffer`. */
  storage?: 'disk' | 'memory';
  /** The directory of temporary files (default `os.tmpdir()`, read per request). */
  directory?: string;
  /** This parser's own limits, over the app's `limits` (docs/renderers-and-parsers.md#limits). */
  limits?: Partial<ParseLimits>;
}

const OPTION_KEYS = keysOf<MultiPartOptions>({ storage: true, directory: true, limits: true });
const LIMIT_KEYS = keysOf<ParseLimits>({ body: true, fields: true, fieldSize: true, files: true, fileSize: true, parts: true, headerSize: true });

/**
 * Reads `multipart/form-data` with @fastify/busboy, streaming: fields become
 * strings (a repeated name an array, coerced by `@Body({ schema })`), files
 * reach `@File()`/`@Files()` as `UploadedFile`s. Over a limit is a 413, a
 * malformed body a 400; temporary files are removed when the response ends,
 * whatever happens (docs/renderers-and-parsers.md#uploads).
 *
 * @example
 * ```ts
 * import type { UploadedFile } from 'waymark';
 * @Controller('/avatars')
 * class Avatars {
 *   @Post('', { name: 'upload', parsers: [MultiPartParser({ storage: 'memory' })] })
 *   upload(@Body() fields: { user: string }, @File('avatar') avatar: UploadedFile) {
 *     return { user: fields.user, filename: avatar.filename, size: avatar.size, text: avatar.buffer?.toString() };
 *   }
 * }
 * const app = createApp({ routes: [Avatars] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const form = new FormData();
 * form.append('user', 'ada');
 * form.append('avatar', new Blob(['png!'], { type: 'image/png' }), '../../me.png');
 * const response = await fetch(`http://127.0.0.1:${port}/avatars`, { method: 'POST', body: form });
 * assert.deepEqual(await response.json(), { user: 'ada', filename: 'me.png', size: 4, text: 'png!' });
 * server.close();
 * ```
 */
export function MultiPartParser(options: MultiPartOptions = {}): Parser {
  checkKeys('MultiPartParser() options', options, OPTION_KEYS);
  const own = options.limits ?? {};
  checkKeys('MultiPartParser() option limits', own, LIMIT_KEYS);
  for (const [key, value] of Object.entries(own)) {
    if (!Number.isSafeInteger(value) || (value as number) < 1) throw new ImproperlyConfigured(`MultiPartParser() option limits.${key} must be a positive integer, got ${JSON.stringify(value)}.`);
  }
  if (options.storage !== undefined && options.storage !== 'disk' && options.storage !== 'memory') {
    throw new ImproperlyConfigured(`MultiPartParser() option storage must be 'disk' or 'memory', got ${JSON.stringify(options.storage)}.`);
  }
  if (options.directory !== undefined && (typeof options.directory !== 'string' || options.directory === '')) {
    throw new ImproperlyConfigured(`MultiPartParser() option directory must be a directory path, got ${JSON.stringify(options.directory)}.`);
  }
  const { directory } = options;
  const storage: Storage = options.storage === 'memory' ? { kind: 'memory' } : { kind: 'disk', directory: () => directory ?? tmpdir() };
  return { mediaType: 'multipart/form-data', form: true, files: true, parse: (ctx, limits) => parseMultipart(ctx, { ...limits, ...own }, storage) };
}

// The rest of the body is left unread: the response closes the connection rather than make Node read it.
const CLOSE = { Connection: 'close' };
const tooLarge = (limit: string, max: number) =>
  new HttpError(413, messageOf('BODY_TOO_LARGE', { limit: `limits.${limit}`, max: String(max) }, 'limit'), { code: 'BODY_TOO_LARGE', headers: CLOSE });
const malformed = (reason: string) => new BadRequest(messageOf('INVALID_BODY', { reason }, 'multipart'), { code: 'INVALID_BODY', headers: CLOSE });

/**
 * The whole body may be at most every field and file at its limit plus every
 * part's header: beyond that it cannot be a body within the limits, whatever
 * the parser is doing (a boundary that never comes, a header that never ends).
 */
function totalLimit(limits: ParseLimits): number {
  return limits.body + limits.files * limits.fileSize + limits.parts * (limits.headerSize + 256);
}

function parseMultipart(ctx: Context, limits: ParseLimits, storage: Storage): Promise<FormBody> {
  const { req } = ctx;
  const fields: FormBody = Object.create(null);
  const files: UploadedFile[] = [];
  Object.defineProperty(fields, UPLOADS, { value: files });
  return new Promise<FormBody>((resolve, reject) => {
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers as { 'content-type': string },
        limits: { fieldSize: limits.fieldSize, fields: limits.fields, fileSize: limits.fileSize, files: limits.files, parts: limits.parts, headerSize: limits.headerSize, fieldNameSize: 200, headerPairs: 100 },
      });
    } catch (error) {
      reject(malformed((error as Error).message.replace(/\.$/, '')));
      return;
    }
    let settled = false;
    let writing = 0;
    let parsed = false;
    let fieldBytes = 0;
    let received = 0;
    const total = totalLimit(limits);
    const streaming = new Set<Readable>();
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off('data', count);
      // The rest of the body will not come: a file still streaming would keep its descriptor open forever.
      for (const stream of streaming) stream.destroy(error);
      reject(error);
    };
    const done = () => {
      if (settled || !parsed || writing > 0) return;
      settled = true;
      req.off('data', count);
      resolve(fields);
    };
    const boundary = boundaryOf(req.headers['content-type']);
    const headers = boundary === undefined ? null : new PartHeaders(boundary, limits.headerSize);
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > total) fail(tooLarge('body', total));
      else if (headers !== null && !headers.push(chunk)) fail(tooLarge('headerSize', limits.headerSize));
    };
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) return fail(tooLarge('fieldSize', limits.fieldSize));
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (fieldBytes > limits.body) return fail(tooLarge('body', limits.body));
      addField(fields, name, value);
    });
    parser.on('file', (fieldName: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
      if (settled) return void stream.resume();
      stream.once('limit', () => fail(tooLarge('fileSize', limits.fileSize)));
      writing++;
      streaming.add(stream);
      // Files finish writing in any order; each keeps the place it arrived in.
      const place = files.push(undefined as unknown as UploadedFile) - 1;
      store(ctx, stream, { fieldName, filename: sanitiseFilename(filename), mimeType: mimeType || 'text/plain' }, storage).then(
        (file) => {
          writing--;
          streaming.delete(stream);
          files[place] = file;
          done();
        },
        (error: Error) => fail(error),
      );
    });
    parser.on('partsLimit', () => fail(tooLarge('parts', limits.parts)));
    parser.on('filesLimit', () => fail(tooLarge('files', limits.files)));
    parser.on('fieldsLimit', () => fail(tooLarge('fields', limits.fields)));
    parser.on('error', (error: Error) => fail(malformed(error.message.replace(/\.$/, ''))));
    parser.on('finish', () => {
      parsed = true;
      done();
    });
    // An abort midway: the body will never end, so the promise must not wait for it.
    req.once('close', () => {
      if (!req.complete) fail(malformed('the client closed the connection'));
    });
    req.on('data', count);
    req.pipe(parser);
  });
}
