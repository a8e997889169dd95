import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = join(__dirname, '..');

/** README.md and every page under docs/, as paths relative to the repository (POSIX separators). */
export function docPages(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(join(root, 'docs'));
  return ['README.md', ...found.sort()];
}

export function readPage(page: string): string {
  return readFileSync(join(root, page), 'utf8');
}

/** The bodies of a page's fenced blocks in `lang` (```ts, ```console, ...), in order. */
export function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);
}
