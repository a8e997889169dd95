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

/**
 * Pages that other branches of the same change write (the docs page, logging,
 * security, architecture, the version history's design). Links and citations to them are checked once they
 * exist; until then a missing one is allowed, and only these. Empty this list
 * once they have all arrived.
 */
export const ARRIVING: string[] = ['docs/toolchains.md'];

/** The anchors GitHub gives a page's headings: lower-cased, punctuation dropped, spaces as `-`, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = markdown.replace(/```[\s\S]*?```/g, '');
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
