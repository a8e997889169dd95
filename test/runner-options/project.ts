import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkProject } from '../../src/runner-options';

/** A file's content: JSON written as is, text, or raw bytes. */
export type Content = string | Buffer | object;

/** Writes a throw-away project (path → content) and returns its directory. */
export function project(files: Record<string, Content>): string {
  const dir = mkdtempSync(join(tmpdir(), 'waymark-ro-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** `[code, path]` of every error `checkProject` reports for `dir/tsconfig.json`. */
export function errorsOf(dir: string, file = 'tsconfig.json'): [string, string][] {
  return checkProject(join(dir, file)).errors.map((e) => [e.code, e.path]);
}
