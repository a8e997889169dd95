import type { UploadedFile } from '../model/parser';

/** Where a parsed form body keeps its files, out of sight of `@Body()` (not enumerable, not JSON). */
export const UPLOADS: unique symbol = Symbol('waymark:uploads');

/** The files a parsed body carries, `[]` when none. */
export function uploadsOf(body: unknown): readonly UploadedFile[] {
  return (typeof body === 'object' && body !== null && (body as { [UPLOADS]?: readonly UploadedFile[] })[UPLOADS]) || [];
}
