import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The recipes of docs/toolchains.md, read from the page so that the page is what CI runs: each
// `## ` section's files (the blocks whose first line is `// <file>`) and its `sh` lines.
export const root = resolve(__dirname, '..', '..');

export interface Recipe {
  files: Map<string, string>;
  commands: string[];
}

function sectionsOf(page: string): Map<string, string> {
  const text = readFileSync(join(root, page), 'utf8');
  const sections = new Map<string, string>();
  for (const part of text.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return sections;
}

function blocks(text: string): { lang: string; code: string }[] {
  return [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1], code: match[2] }));
}

/** The section of docs/toolchains.md whose heading starts with `heading`. */
export function recipe(heading: string): Recipe {
  const found = [...sectionsOf('docs/toolchains.md')].filter(([title]) => title.startsWith(heading));
  if (found.length !== 1) throw new Error(`docs/toolchains.md has ${found.length} sections starting with "${heading}"`);
  const files = new Map<string, string>();
  const commands: string[] = [];
  for (const { lang, code } of blocks(found[0][1])) {
    const path = /^\/\/ ([\w./-]+)\n/.exec(code)?.[1];
    if (path) files.set(path, lang === 'jsonc' || lang === 'json' ? code.slice(code.indexOf('\n') + 1) : code);
    else if (lang === 'sh') commands.push(...code.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean));
  }
  return { files, commands };
}

/** docs/getting-started.md's `tsconfig.json`, the one a new user copies: its CommonJS one, or its ESM one. */
export function gettingStartedTsconfig(module: 'commonjs' | 'nodenext' = 'commonjs'): string {
  const text = readFileSync(join(root, 'docs/getting-started.md'), 'utf8');
  const found = blocks(text).filter((block) => block.lang === 'json' && (JSON.parse(block.code) as { compilerOptions?: { module?: string } }).compilerOptions?.module === module);
  if (found.length !== 1) throw new Error(`docs/getting-started.md has ${found.length} json blocks with "module": "${module}"`);
  return found[0].code;
}
