import { randomBytes } from 'node:crypto';
import { createWriteStream, unlink } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { UploadedFile } from '../../model/parser';

/** Where uploaded files go: a directory (written there, removed when the response ends) or memory. */
export type Storage = { readonly kind: 'disk'; readonly directory: () => string } | { readonly kind: 'memory' };

/**
 * The temporary files of one request. They are removed when the response
 * closes (Node emits `close` after it is sent, and when the client goes away
 * or the socket times out), so success, a thrown error, a 4xx and an abort
 * midway all clean up; a file begun after that is removed as soon as it is made.
 */
class TemporaryFiles {
  private readonly paths: string[] = [];
  private closed = false;

  constructor(ctx: Context) {
    ctx.res.once('close', () => this.removeAll());
  }

  add(path: string): void {
    if (this.closed) remove(path);
    else this.paths.push(path);
  }

  private removeAll(): void {
    this.closed = true;
    for (const path of this.paths.splice(0)) remove(path);
  }
}

const remove = (path: string) => unlink(path, () => {}); // already gone is fine: the goal is that it is gone

const TRACKERS = new WeakMap<Context, TemporaryFiles>();

function temporaryFiles(ctx: Context): TemporaryFiles {
  let files = TRACKERS.get(ctx);
  if (files === undefined) TRACKERS.set(ctx, (files = new TemporaryFiles(ctx)));
  return files;
}

/** The client's file name without directories, `..`, or control characters (NUL included); at most 255 characters. */
export function sanitiseFilename(name: string | undefined): string {
  if (!name) return '';
  // eslint-disable-next-line no-control-regex
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[/\\]/).pop() ?? '';
  const trimmed = base.trim();
  return trimmed === '.' || trimmed === '..' ? '' : trimmed.slice(0, 255);
}

export interface Incoming {
  fieldName: string;
  filename: string;
  mimeType: string;
}

/**
 * Stores one file part as it streams in; resolves once it is written
 * whole. The temporary file has an unpredictable name and mode 0600.
 */
export function store(ctx: Context, stream: Readable, incoming: Incoming, storage: Storage): Promise<UploadedFile> {
  if (storage.kind === 'memory') {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('error', reject);
      stream.once('end', () => resolve({ ...incoming, size, buffer: Buffer.concat(chunks, size) }));
    });
  }
  const files = temporaryFiles(ctx);
  const path = join(storage.directory(), `waymark-upload-${randomBytes(16).toString('hex')}`);
  files.add(path);
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const fail = (error: Error) => {
      stream.unpipe(out);
      stream.resume();
      out.destroy();
      reject(error);
    };
    stream.on('error', fail);
    out.on('error', fail);
    out.once('finish', () => resolve({ ...incoming, size, path }));
    stream.pipe(out);
  });
}
