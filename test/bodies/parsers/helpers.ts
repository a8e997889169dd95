import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory for one test's temporary uploads, so "no file left" can be checked exactly. */
export function uploadDir(): { path: string; files: () => string[]; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'waymark-parse-test-'));
  return { path, files: () => readdirSync(path), remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Waits until `check` holds (temporary files go on the response's close event, just after the client has its answer). */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body written by hand, so tests can also send broken ones. */
export function multipart(parts: readonly Part[], boundary = 'waymark-test-boundary'): { body: Buffer; type: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
