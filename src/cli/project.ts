import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The TypeScript a project has: where, which version, and whether it has the JavaScript compiler API (5 and 6 do; 7, the native compiler, does not). */
export interface ProjectTypeScript {
  version: string;
  major: number;
  /** The folder of its package.json. */
  dir: string;
  /** `require('typescript')` gives the compiler API (`createProgram`, `sys` ...), not just a version object. */
  hasApi: boolean;
}

/** A `require` that resolves as a module in `dir` would: the project's packages, not waymark's own. */
export function requireFrom(dir: string): NodeRequire {
  return createRequire(join(dir, '__waymark__.js'));
}

/** `request` resolved from `dir`, or `null` when the project does not have it. */
export function resolveFrom(dir: string, request: string): string | null {
  try {
    return requireFrom(dir).resolve(request);
  } catch {
    return null;
  }
}

/** The version a package's package.json (resolved from `dir`) declares, or `null`. */
export function versionFrom(dir: string, name: string): string | null {
  const file = resolveFrom(dir, `${name}/package.json`);
  if (file === null) return null;
  try {
    return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
  } catch {
    return null;
  }
}

/**
 * The TypeScript that `dir`'s project resolves (`typescript/package.json`),
 * or `null`. The API is there when the package's main module exports
 * `createProgram`; TypeScript 7's exports only `version`, so its major version
 * alone decides, without loading it.
 */
export function projectTypeScript(dir: string): ProjectTypeScript | null {
  const manifest = resolveFrom(dir, 'typescript/package.json');
  const version = manifest === null ? null : versionFrom(dir, 'typescript');
  if (manifest === null || version === null) return null;
  const major = Number.parseInt(version, 10);
  return { version, major, dir: dirname(manifest), hasApi: major < 7 };
}

/** The nearest `tsconfig.json` at or above `dir`, as ts-node, tsx and @swc-node/register would find it from the module's folder. */
export function nearestTsconfig(dir: string): string | null {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'tsconfig.json');
    if (existsSync(file)) return file;
    if (dirname(current) === current) return null;
  }
}
