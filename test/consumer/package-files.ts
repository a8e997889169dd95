import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every source a map names exists (relative to the map), inside the package. */
export function mapsPointInside(pkg: string): string[] {
  const broken: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.map')) {
        for (const source of (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[] }).sources) {
          const target = resolve(dirname(path), source);
          if (!target.startsWith(pkg + '/') || !existsSync(target)) broken.push(`${path} -> ${source}`);
        }
      }
    }
  };
  walk(join(pkg, 'dist'));
  return broken;
}

/** The relative links of `pages` (Markdown, outside code blocks) in an installed package, and those that name no file of it. */
export function brokenLinks(pkg: string, pages: readonly string[]): { links: number; broken: string[] } {
  const broken: string[] = [];
  let links = 0;
  for (const page of pages) {
    const text = readFileSync(join(pkg, page), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      links += 1;
      const file = resolve(pkg, dirname(page), target.split('#')[0]);
      if (!file.startsWith(pkg) || !existsSync(file)) broken.push(`${page}: ${target}`);
    }
  }
  return { links, broken };
}
