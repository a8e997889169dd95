import { randomBytes } from 'node:crypto';
import { createWriteStream, unlink, type WriteStream } from 'node:fs';
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
  private readonly files: WriteStream[] = [];
  private closed = false;

  constructor(ctx: Context) {
    ctx.res.once('close', () => this.removeAll());
  }

  add(file: WriteStream): void {
    if (this.closed) remove(file);
    else this.files.push(file);
  }

  private removeAll(): void {
    this.closed = true;
    for (const file of this.files.splice(0)) remove(file);
  }
}

/**
 * Removes a temporary file once its stream is closed: a file still being
 * opened when the response closes (a 413 a moment after its part began) would
 * otherwise be created after the unlink, and stay.
 */
function remove(file: WriteStream): void {
  const unlinkIt = () => unlink(file.path, () => {}); // already gone is fine: the goal is that it is gone
  if (file.closed) unlinkIt();
  else {
    file.once('close', unlinkIt);
    file.destroy();
  }
}

const TRACKERS = new WeakMap<Context, TemporaryFiles>();

function temporaryFiles(ctx: Context): TemporaryFiles {
  let files = TRACKERS.get(ctx);
  if (files === undefined) TRACKERS.set(ctx, (files = new TemporaryFiles(ctx)));
  return files;
}

/**
 * Control characters: C0 (NUL included), DEL and C1 (U+0080–U+009F, where the
 * 8-bit CSI U+009B starts a terminal escape); and bidirectional formatting
 * characters (U+202E makes `photo\u202Egnp.exe` show as `photoexe.png`): marks,
 * embeddings, overrides and isolates, Unicode's Bidi_Control property.
 */
const CONTROLS = /[\p{Cc}\p{Bidi_Control}]/gu;

/** The client's file name without directories, `..`, control or bidi formatting characters; at most 255 characters. */
export function sanitiseFilename(name: string | undefined): string {
  if (!name) return '';
  const base = name.replace(CONTROLS, '').split(/[/\\]/).pop() ?? '';
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
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    files.add(out);
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
