import { dirname, join, resolve } from 'node:path';
import type { EffectiveCompilerOptions } from './compiler-options';
import type { ResolvedRunnerOptions } from './options';
import { ignoreTester, moduleTypeClassifier, type ModuleType } from './paths';
import type { Problem } from './problems';
import { KNOWN_OPTIONS, targetYear } from './rules';
import type { Layer } from './source';
import type { TypeScript } from './typescript';

type Merged = Record<string, unknown>;

/** The defaults of ts-node's documented option table (docs/reference/runner-options.md#defaults). */
const DEFAULTS = {
  compilerHost: false, emit: false, esm: false, experimentalResolver: false, experimentalTsImportSpecifiers: false,
  files: false, logError: false, preferTsExts: false, pretty: false, scope: false, skipIgnore: false, swc: false,
  transpileOnly: false, typeCheck: true,
};

const BLOCK = '$["ts-node"]';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The chain's blocks merged as ts-node merges them: base to root, per key,
 * the last value that is not `undefined` winning (`null` included, which
 * resets). `require` and `scopeDir` are resolved in each layer, as ts-node
 * does, so an entry of any layer that does not resolve is a problem even when
 * a later layer resets it; `basePaths` keeps the directory of the last layer
 * that set `compiler`, `transpiler`, `swc` or `moduleTypes`.
 */
export function mergeLayers(layers: readonly Layer[], problems: Problem[]) {
  const merged: Merged = {};
  const basePaths: Record<string, Layer> = {};
  for (const layer of layers) {
    const block: Merged = Object.fromEntries(KNOWN_OPTIONS.map((key) => [key, layer.block[key]]));
    if (Array.isArray(block.require)) block.require = block.require.flatMap((entry, index) => resolveRequire(entry, index, layer, problems));
    if (typeof block.scopeDir === 'string' && block.scopeDir !== '') block.scopeDir = resolve(layer.dir, block.scopeDir);
    for (const key of ['compiler', 'transpiler', 'swc'] as const) if (block[key] != null) basePaths[key] = layer;
    if (block.moduleTypes) basePaths.moduleTypes = layer;
    for (const key of ['compilerOptions', 'scopeDir'] as const) if (block[key] !== undefined) basePaths[key] = layer;
    for (const [key, value] of Object.entries(block)) if (value !== undefined) merged[key] = value;
  }
  return { merged, basePaths };
}

function resolveRequire(entry: unknown, index: number, layer: Layer, problems: Problem[]): string[] {
  if (typeof entry !== 'string') return [];
  try {
    return [require.resolve(entry, { paths: [layer.dir] })];
  } catch {
    problems.push({ file: layer.file, path: `${BLOCK}.require[${index}]`, code: 'REQUIRE_NOT_FOUND', message: `cannot resolve ${JSON.stringify(entry)} from ${layer.dir}` });
    return [];
  }
}

/**
 * ts-node resolves `compiler`, `transpiler` and swc from the declaring file's
 * directory, then from its own install; a miss makes it throw at start-up.
 */
function resolveModule(name: string, from: Layer, path: string, code: string, problems: Problem[]): string {
  const places = [from.dir];
  try {
    places.push(join(dirname(require.resolve('ts-node/package.json', { paths: [from.dir, __dirname] })), 'dist'));
  } catch {
    // No ts-node installed: only the declaring directory counts.
  }
  try {
    return require.resolve(name, { paths: places });
  } catch {
    problems.push({ file: from.file, path, code, message: `cannot resolve ${JSON.stringify(name)} from ${from.dir} (nor from ts-node's own directory); ts-node fails at start-up` });
    return name;
  }
}

const bool = (merged: Merged, key: keyof typeof DEFAULTS) => (typeof merged[key] === 'boolean' ? (merged[key] as boolean) : DEFAULTS[key]);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined);

/**
 * The options in force, from the merged block: defaults applied, values of a
 * wrong type (reported by the schema) replaced by the default, paths resolved.
 */
export function resolveOptions(ts: TypeScript, layers: readonly Layer[], merge: ReturnType<typeof mergeLayers>, compiler: EffectiveCompilerOptions, problems: Problem[]): Omit<ResolvedRunnerOptions, 'warnings'> {
  const root = layers[layers.length - 1];
  const { merged, basePaths } = merge;
  const transpileOnly = (merged.transpileOnly === true || merged.swc === true) && merged.typeCheck !== true;
  const compilerPath = resolveModule(typeof merged.compiler === 'string' && merged.compiler ? merged.compiler : 'typescript', basePaths.compiler ?? root, `${BLOCK}.compiler`, 'COMPILER_NOT_FOUND', problems);
  const transpiler = transpileOnly ? resolveTranspiler(merged, basePaths, root, problems) : undefined;
  if (merged.scopeDir === '') problems.push({ file: basePaths.scopeDir?.file ?? root.file, path: `${BLOCK}.scopeDir`, code: 'EMPTY_SCOPE_DIR', message: 'is empty: ts-node then scopes to the current directory, whichever it is' });
  const scopeDir = typeof merged.scopeDir === 'string' ? resolve(merged.scopeDir) : (compiler.rootDir !== undefined ? resolve(compiler.rootDir) : root.dir);
  const moduleTypes = (isObject(merged.moduleTypes) ? merged.moduleTypes : {}) as Record<string, ModuleType>;
  const classify = moduleTypeClassifier(Object.entries(moduleTypes).map(([pattern, type]) => ({ pattern, type, base: (basePaths.moduleTypes ?? root).dir })), ts);
  const ignore = strings(merged.ignore) ?? ['(?:^|/)node_modules/'];
  const options = Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, bool(merged, key as keyof typeof DEFAULTS)])) as typeof DEFAULTS;
  const resolution = merged.experimentalSpecifierResolution;
  return {
    ...options,
    configFile: root.file,
    compiler: compilerPath,
    compilerOptions: isObject(merged.compilerOptions) ? merged.compilerOptions : {},
    experimentalReplAwait: merged.experimentalReplAwait !== false && (targetYear(compiler.target) ?? 0) >= 2018,
    ...(resolution === 'explicit' || resolution === 'node' ? { experimentalSpecifierResolution: resolution } : {}),
    ignore,
    ignoreDiagnostics: Array.isArray(merged.ignoreDiagnostics) ? merged.ignoreDiagnostics.filter((d) => typeof d === 'string' || typeof d === 'number') : [],
    moduleTypes,
    require: strings(merged.require) ?? [],
    scopeDir,
    ...(transpiler !== undefined ? { transpiler } : {}),
    target: compiler.target,
    isIgnored: ignoreTester({ ignore, skipIgnore: options.skipIgnore, scope: options.scope, scopeDir, baseDir: root.dir }),
    moduleTypeOf: (path: string) => classify(path, root.dir),
  };
}

/** The transpiler in force: the declared one, or ts-node's bundled swc transpiler, which then needs @swc/core or @swc/wasm. */
function resolveTranspiler(merged: Merged, basePaths: Record<string, Layer>, root: Layer, problems: Problem[]): ResolvedRunnerOptions['transpiler'] {
  const value = merged.transpiler;
  const from = basePaths.transpiler ?? root;
  if (typeof value === 'string' && value) {
    const path = resolveModule(value, from, `${BLOCK}.transpiler`, 'TRANSPILER_NOT_FOUND', problems);
    if (isSwcTranspiler(path, from)) checkSwcBackend(undefined, from, `${BLOCK}.transpiler`, problems);
    return path;
  }
  if (Array.isArray(value) && typeof value[0] === 'string') {
    const [name, options, ...rest] = value;
    const path = resolveModule(name, from, `${BLOCK}.transpiler[0]`, 'TRANSPILER_NOT_FOUND', problems);
    const own = isObject(options) ? options : {};
    if (isSwcTranspiler(path, from)) checkSwcBackend(own.swc, from, typeof own.swc === 'string' ? `${BLOCK}.transpiler[1].swc` : `${BLOCK}.transpiler`, problems);
    return [path, own, ...rest];
  }
  if (!merged.swc || value) return undefined;
  const swcFrom = basePaths.swc ?? root;
  checkSwcBackend(undefined, swcFrom, `${BLOCK}.swc`, problems);
  return resolveModule('ts-node/transpilers/swc', swcFrom, `${BLOCK}.swc`, 'SWC_NOT_FOUND', problems);
}

/** Whether `path` is the swc transpiler of the ts-node that `from` would run (through its exports or its file). */
function isSwcTranspiler(path: string, from: Layer): boolean {
  try {
    const dir = dirname(require.resolve('ts-node/package.json', { paths: [from.dir, __dirname] }));
    return [join(dir, 'transpilers', 'swc.js'), join(dir, 'transpilers', 'swc-experimental.js'), join(dir, 'dist', 'transpilers', 'swc.js')].includes(path);
  } catch {
    return false;
  }
}

/**
 * ts-node's swc transpiler loads its backend when ts-node starts, from the
 * directory of the file that declares the transpiler (then its own): the
 * module its `swc` option names, or else @swc/core or @swc/wasm. A miss throws.
 */
function checkSwcBackend(swc: unknown, from: Layer, path: string, problems: Problem[]): void {
  if (typeof swc === 'string') {
    resolveModule(swc, from, path, 'SWC_NOT_FOUND', problems);
    return;
  }
  // Any other value is taken as the swc instance itself (ts-node's API passes one): nothing to resolve.
  if (swc != null) return;
  const found = ['@swc/core', '@swc/wasm'].some((name) => {
    const scratch: Problem[] = [];
    resolveModule(name, from, path, 'SWC_NOT_FOUND', scratch);
    return scratch.length === 0;
  });
  if (!found) problems.push({ file: from.file, path, code: 'SWC_NOT_FOUND', message: `swc compiler requires either @swc/core or @swc/wasm to be installed as a dependency (neither resolves from ${from.dir})` });
}
