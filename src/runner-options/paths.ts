import { posix, resolve } from 'node:path';
import { loadTypeScript, type TypeScript } from './typescript';

import type { ModuleType } from './limits';

export type { ModuleType };

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
 * ts-node's `moduleTypes` classifier: each key (separators normalised) becomes
 * TypeScript's exclude-style pattern from the declaring file's directory
 * (`getPatternFromSpec`, of which ts-node carries a copy): `**` also matches
 * dot directories, a last component without `.`, `*` or `?` gets `/**\/*`, a
 * trailing `/` is dropped, an absolute key stays absolute, anything beneath a
 * match matches, an empty key matches everything. The last matching key wins.
 */
export function moduleTypeClassifier(entries: readonly ModuleTypeEntry[], ts: TypeScript) {
  const compiled = entries.map((entry) => ({ regexp: globToRegExp(entry.pattern, entry.base, ts), type: entry.type }));
  return (path: string, baseDir: string): ModuleType => {
    const absolute = toPosix(path, baseDir);
    for (let i = compiled.length - 1; i >= 0; i--) if (compiled[i].regexp.test(absolute)) return compiled[i].type;
    return 'package';
  };
}

/** One `moduleTypes` key as the regular expression ts-node tests absolute paths with. */
export function globToRegExp(spec: string, base: string, ts: TypeScript | undefined = loadTypeScript(__dirname)): RegExp {
  const source = spec === '' || !ts ? undefined : ts.getPatternFromSpec(spec.replace(/\\/g, '/'), base.replace(/\\/g, '/').replace(/\/$/, ''), 'exclude');
  return source === undefined ? /(?:)/ : new RegExp(source);
}
