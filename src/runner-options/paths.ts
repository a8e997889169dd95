import { posix, resolve } from 'node:path';

export type ModuleType = 'cjs' | 'esm' | 'package';

/** An absolute path with `/` separators. */
export function toPosix(path: string, base: string): string {
  return resolve(base, path).replace(/\\/g, '/');
}

/**
 * ts-node's ignore rule: the path relative to the root tsconfig.json's
 * directory, with `/` separators, tested against every pattern (unanchored,
 * case-sensitive). With `scope`, a file whose path relative to `scopeDir`
 * starts with `.` is out of scope (so are top-level dot-entries, as in ts-node).
 */
export function ignoreTester(options: { ignore: readonly string[]; skipIgnore: boolean; scope: boolean; scopeDir: string; baseDir: string }) {
  // A pattern that does not compile is reported by the rules (INVALID_IGNORE_PATTERN); here it matches nothing.
  const patterns = options.skipIgnore ? [] : options.ignore.flatMap((pattern) => {
    try {
      return [new RegExp(pattern)];
    } catch {
      return [];
    }
  });
  return (path: string): boolean => {
    const absolute = toPosix(path, options.baseDir);
    if (options.scope && posix.relative(toPosix(options.scopeDir, options.baseDir), absolute).startsWith('.')) return true;
    const relative = posix.relative(toPosix(options.baseDir, options.baseDir), absolute);
    return patterns.some((pattern) => pattern.test(relative));
  };
}

export interface ModuleTypeEntry {
  pattern: string;
  type: ModuleType;
  /** Directory of the tsconfig.json that declared the pattern. */
  base: string;
}

/**
 * ts-node's `moduleTypes` classifier: each key becomes TypeScript's
 * exclude-style pattern (`**` also matches dot directories, a last component
 * without `.`, `*` or `?` gets `/**\/*`, anything beneath a match matches),
 * and the last matching key wins. picomatch and friends follow different
 * rules, so this reproduces TypeScript's `getPatternFromSpec` instead.
 */
export function moduleTypeClassifier(entries: readonly ModuleTypeEntry[]) {
  const compiled = entries.map((entry) => ({ regexp: globToRegExp(entry.pattern, entry.base), type: entry.type }));
  return (path: string, baseDir: string): ModuleType => {
    const absolute = toPosix(path, baseDir);
    for (let i = compiled.length - 1; i >= 0; i--) if (compiled[i].regexp.test(absolute)) return compiled[i].type;
    return 'package';
  };
}

export function globToRegExp(spec: string, base: string): RegExp {
  if (spec === '') return /(?:)/;
  let root = base.replace(/\\/g, '/');
  while (root.endsWith('/')) root = root.slice(0, -1);
  const components = posix.normalize(posix.join(root, spec.replace(/\\/g, '/'))).split('/');
  const last = components[components.length - 1];
  if (!/[.*?]/.test(last)) components.push('**', '*');
  let source = '';
  components.forEach((component, index) => {
    if (component === '**') {
      source += '(/.+?)?';
      return;
    }
    if (index > 0) source += '/';
    source += component.replace(/[^\w*?]/g, (char) => `\\${char}`).replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  });
  return new RegExp(`^(${source})($|/)`);
}
