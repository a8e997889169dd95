import { ImproperlyConfigured } from '../errors';
import type { FileOptions } from '../model/params';
import { paramDecorator } from './params';

/**
 * The first file uploaded under the form field `name` (an `UploadedFile`),
 * `undefined` when none was (`{ required: true }`: a 400). The route must
 * read multipart bodies (`parsers: [MultiPartParser()]`), or the app fails
 * to build (docs/renderers-and-parsers.md#uploads).
 *
 * @example
 * ```ts
 * import type { UploadedFile } from 'waymark';
 * @Controller('/docs', { parsers: [MultiPartParser({ storage: 'memory' })] })
 * class Docs {
 *   @Post('', 'upload') upload(@File('doc', { required: true }) doc: UploadedFile) {
 *     return { name: doc.filename, type: doc.mimeType, size: doc.size };
 *   }
 * }
 * const app = createApp({ routes: [Docs] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const form = new FormData();
 * form.append('doc', new Blob(['# hi'], { type: 'text/markdown' }), 'readme.md');
 * const response = await fetch(`http://127.0.0.1:${port}/docs`, { method: 'POST', body: form });
 * assert.deepEqual(await response.json(), { name: 'readme.md', type: 'text/markdown', size: 4 });
 * assert.equal((await fetch(`http://127.0.0.1:${port}/docs`, { method: 'POST', body: new FormData() })).status, 400);
 * server.close();
 * ```
 */
export const File = (name: string, options?: FileOptions) => {
  if (typeof name !== 'string' || name === '') throw new ImproperlyConfigured(`@File() needs the name of the form field, got ${JSON.stringify(name)}; @Files() takes every file.`);
  return paramDecorator('file', `@File('${name}')`, name, options);
};

/**
 * Every file uploaded under the form field `name`, or every file of the body
 * without a name, in the order they arrived (`[]` when none).
 *
 * @example
 * ```ts
 * import type { UploadedFile } from 'waymark';
 * @Controller('/photos', { parsers: [MultiPartParser({ storage: 'memory' })] })
 * class Photos {
 *   @Post('', 'upload') upload(@Files('photo') photos: UploadedFile[], @Files() all: UploadedFile[]) {
 *     return { photos: photos.map((photo) => photo.filename), all: all.length };
 *   }
 * }
 * const app = createApp({ routes: [Photos] });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const form = new FormData();
 * form.append('photo', new Blob(['a']), 'a.jpg');
 * form.append('photo', new Blob(['b']), 'b.jpg');
 * form.append('caption', new Blob(['c']), 'c.txt');
 * const response = await fetch(`http://127.0.0.1:${port}/photos`, { method: 'POST', body: form });
 * assert.deepEqual(await response.json(), { photos: ['a.jpg', 'b.jpg'], all: 3 });
 * server.close();
 * ```
 */
export const Files = (name?: string, options?: FileOptions) => {
  if (name !== undefined && (typeof name !== 'string' || name === '')) throw new ImproperlyConfigured(`@Files() takes the name of a form field or nothing, got ${JSON.stringify(name)}.`);
  return paramDecorator('files', name === undefined ? '@Files()' : `@Files('${name}')`, name, options);
};
