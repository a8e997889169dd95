import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Problem } from './problems';

/**
 * A project's configuration as `tsc --showConfig` prints it, whichever
 * TypeScript made it: `compilerOptions` with their names (`"target": "esnext"`),
 * paths relative to the tsconfig.json's folder, `files` the inputs expanded.
 */
export interface ShownConfig {
  compilerOptions?: Record<string, unknown>;
  files?: string[];
}

const NODE_MODULES = new Set(['node16', 'node18', 'node20', 'nodenext']);
const EMITTED = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;

/**
 * The traps of a new project (docs/cli.md#checking-a-tsconfigjson), judged on
 * the options in force: native decorators that Node cannot parse,
 * `verbatimModuleSyntax` with CommonJS output, and under TypeScript 6 and
 * later an unset `rootDir` with an output folder. `file` is the root
 * tsconfig.json, `major` the TypeScript's major version.
 */
export function trapProblems(shown: ShownConfig, file: string, major: number): Problem[] {
  const options = shown.compilerOptions ?? {};
  const problems: Problem[] = [];
  const target = String(options.target ?? '').toLowerCase();
  if (options.experimentalDecorators !== true && target === 'esnext') {
    problems.push({
      file,
      path: '$.compilerOptions.target',
      code: 'NATIVE_DECORATORS',
      message:
        '"target": "esnext" without "experimentalDecorators": true: TypeScript leaves every decorator in its output as written (standard ' +
        'decorators), which Node cannot parse: the app stops with a bare SyntaxError at the first @Controller, before waymark can say why',
      suggestion: '"experimentalDecorators": true',
    });
  }
  const commonjs = commonJsOutput(options, dirname(file));
  if (options.verbatimModuleSyntax === true && commonjs !== null) {
    problems.push({
      file,
      path: '$.compilerOptions.verbatimModuleSyntax',
      code: 'VERBATIM_MODULE_SYNTAX_COMMONJS',
      message: `"verbatimModuleSyntax": true with CommonJS output (${commonjs.why}): TypeScript refuses every import and export of the project's .ts files (TS1286, TS1287)`,
      suggestion: commonjs.packageType ? 'remove "verbatimModuleSyntax", or make the project an ES module one: "type": "module" in package.json' : 'remove "verbatimModuleSyntax"',
    });
  }
  const rootDir = unsetRootDir(shown, options, major);
  if (rootDir !== null) {
    problems.push({
      file,
      path: '$.compilerOptions',
      code: 'ROOT_DIR_UNSET',
      message:
        `"rootDir" is unset, and TypeScript ${major} takes it from the tsconfig.json's folder, no longer from the sources (${rootDir}): ` +
        `tsc stops with TS5011, and its output lands one folder deeper (${posix.join(String(options.outDir ?? 'dist'), rootDir)}/...) than node looks for it`,
      suggestion: `"rootDir": "${rootDir}"`,
    });
  }
  return problems;
}

/** Why the project's .ts files compile to CommonJS, or `null` when they do not (or it cannot be told from the options). */
function commonJsOutput(options: Record<string, unknown>, dir: string): { why: string; packageType: boolean } | null {
  const module = String(options.module ?? '').toLowerCase();
  if (module === 'commonjs') return { why: '"module": "commonjs"', packageType: false };
  if (!NODE_MODULES.has(module)) return null;
  const manifest = nearestPackageJson(dir);
  const type = manifest === null ? undefined : (manifest.json as { type?: unknown }).type;
  if (type === 'module') return null;
  const said = manifest === null ? 'no package.json' : type === undefined ? `${manifest.file} has no "type"` : `${manifest.file} says "type": ${JSON.stringify(type)}`;
  return { why: `"module": "${module}" and ${said}`, packageType: true };
}

function nearestPackageJson(dir: string): { file: string; json: unknown } | null {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'package.json');
    if (existsSync(file)) {
      try {
        return { file, json: JSON.parse(readFileSync(file, 'utf8')) };
      } catch {
        return { file, json: {} };
      }
    }
    if (dirname(current) === current) return null;
  }
}

/**
 * The folder, relative to the tsconfig.json (`./src`), that TypeScript 5
 * would have taken as `rootDir` and 6 no longer does: the common folder of
 * the emitted inputs, when it is not the tsconfig.json's own. `null` when
 * nothing is emitted into an output folder, `rootDir` is set, or it is the same.
 */
function unsetRootDir(shown: ShownConfig, options: Record<string, unknown>, major: number): string | null {
  if (major < 6 || options.rootDir !== undefined || options.noEmit === true || options.composite === true) return null;
  if (options.outDir === undefined && options.outFile === undefined && !(options.declarationDir !== undefined && options.declaration === true)) return null;
  const inputs = (shown.files ?? []).filter((name) => EMITTED.test(name) && !/\.d\.[cm]?ts$/.test(name));
  if (inputs.length === 0) return null;
  const folders = inputs.map((name) => posix.dirname(posix.normalize(name.replace(/\\/g, '/'))).split('/'));
  let common = folders[0];
  for (const folder of folders.slice(1)) {
    let same = 0;
    while (same < common.length && common[same] === folder[same]) same++;
    common = common.slice(0, same);
  }
  const relative = common.join('/');
  // The sources at the top (nothing to add) or above the tsconfig.json (no folder to suggest).
  if (relative === '' || relative === '.' || relative.startsWith('..')) return null;
  return `./${relative}`;
}
