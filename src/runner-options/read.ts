import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { WaymarkError } from '../errors';
import { ignoreTester, moduleTypeClassifier, type ModuleType, type ModuleTypeEntry } from './paths';
import { isWarning } from './codes';
import { fromAjv, type Problem } from './problems';
import { combinedRules, layerRules, targetYear } from './rules';
import { schemas } from './schema';

/** One file of an `extends` chain. */
interface Layer {
  file: string;
  dir: string;
  block: Record<string, unknown>;
  compilerOptions: Record<string, unknown>;
}

export interface ResolvedRunnerOptions {
  configFile: string;
  compiler: string;
  compilerHost: boolean;
  compilerOptions: Record<string, unknown>;
  emit: boolean;
  esm: boolean;
  /** In force: not `false`, and the effective target is ES2018 or later. */
  experimentalReplAwait: boolean;
  experimentalResolver: boolean;
  experimentalSpecifierResolution?: 'explicit' | 'node';
  experimentalTsImportSpecifiers: boolean;
  files: boolean;
  ignore: string[];
  ignoreDiagnostics: (string | number)[];
  logError: boolean;
  moduleTypes: Record<string, ModuleType>;
  preferTsExts: boolean;
  pretty: boolean;
  /** Absolute paths, resolved from the file that declared them. */
  require: string[];
  scope: boolean;
  scopeDir: string;
  skipIgnore: boolean;
  swc: boolean;
  transpileOnly: boolean;
  transpiler?: string | [string, Record<string, unknown>, ...unknown[]];
  typeCheck: boolean;
  /** The effective compile target (ts-node's default is ES5). */
  target: string;
  warnings: Problem[];
  /** True when ts-node would not compile `path` (ignore patterns, or outside scopeDir). Relative paths are from the tsconfig's directory. */
  isIgnored(path: string): boolean;
  /** The module type `moduleTypes` forces on `path` (`package` when no pattern matches). */
  moduleTypeOf(path: string): ModuleType;
}

/** Thrown by `readRunnerOptions`; `errors` lists every problem found. */
export class RunnerOptionsError extends WaymarkError {
  constructor(
    readonly errors: Problem[],
    readonly warnings: Problem[],
  ) {
    super('INVALID_RUNNER_OPTIONS', `Invalid ts-node options:\n${errors.map((e) => `  ${e.file ?? ''} ${e.path}: ${e.message}`).join('\n')}`);
  }
}

export interface ProjectCheck {
  errors: Problem[];
  warnings: Problem[];
  options: ResolvedRunnerOptions | null;
}

/**
 * Reads a tsconfig.json (JSONC), follows `extends`, merges the `"ts-node"`
 * blocks per key (last writer wins, `null` resets), applies the defaults,
 * resolves paths from the file that declares them and checks every rule.
 * Throws `RunnerOptionsError` listing every problem.
 *
 * @example
 * const options = readRunnerOptions('tsconfig.json');
 * options.isIgnored('node_modules/x/index.ts'); // true
 */
export function readRunnerOptions(tsconfigPath: string): ResolvedRunnerOptions {
  const { errors, warnings, options } = checkProject(tsconfigPath);
  if (errors.length > 0 || !options) throw new RunnerOptionsError(errors, warnings);
  return options;
}

/** What `readRunnerOptions` finds, without throwing: for `waymark check-config`. */
export function checkProject(tsconfigPath: string): ProjectCheck {
  const problems: Problem[] = [];
  const layers = loadChain(resolve(tsconfigPath), [], problems);
  const { block: validate } = schemas();
  for (const layer of layers) {
    const present = Object.fromEntries(Object.entries(layer.block).filter(([, value]) => value !== null));
    if (!validate(present)) problems.push(...fromAjv(validate.errors ?? [], present, '$["ts-node"]').map((p) => ({ ...p, file: layer.file })));
    problems.push(...layerRules(present).map((p) => ({ ...p, path: p.path.replace(/^\$/, '$["ts-node"]'), file: layer.file })));
  }
  const options = layers.length > 0 ? resolveOptions(layers, problems) : null;
  const errors = problems.filter((p) => !isWarning(p));
  return { errors, warnings: problems.filter(isWarning), options: errors.length === 0 ? options : null };
}

function loadChain(file: string, seen: string[], problems: Problem[]): Layer[] {
  if (seen.includes(file)) {
    problems.push({ file, path: '$.extends', code: 'EXTENDS_CYCLE', message: `extends loops back to ${file}` });
    return [];
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push({ file, path: '$', code: 'CANNOT_READ', message: `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
    return [];
  }
  const parseErrors: ParseError[] = [];
  const json = parse(text, parseErrors, { allowTrailingComma: true });
  if (parseErrors.length > 0 || typeof json !== 'object' || json === null || Array.isArray(json)) {
    const first = parseErrors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at line ${text.slice(0, first.offset).split('\n').length})` : ': the top level must be an object';
    problems.push({ file, path: '$', code: 'INVALID_JSON', message: `is not valid JSON with comments${where}` });
    return [];
  }
  const dir = dirname(file);
  const block = json['ts-node'] ?? {};
  if (typeof block !== 'object' || Array.isArray(block)) {
    problems.push({ file, path: '$["ts-node"]', code: 'INVALID_TYPE', message: 'must be an object' });
  }
  const layer: Layer = { file, dir, block: typeof block === 'object' && !Array.isArray(block) ? block : {}, compilerOptions: json.compilerOptions ?? {} };
  const base = json.extends;
  if (base === undefined) return [layer];
  if (Array.isArray(base)) {
    problems.push({ file, path: '$.extends', code: 'ARRAY_EXTENDS', message: 'an array in "extends" crashes ts-node 10.9.2 (TypeError: value.replace is not a function)', suggestion: 'extend one file, which may itself extend another' });
    return [layer];
  }
  const parent = typeof base === 'string' ? resolveExtends(base, dir) : null;
  if (!parent) {
    problems.push({ file, path: '$.extends', code: 'EXTENDS_NOT_FOUND', message: `cannot find ${JSON.stringify(base)} from ${dir}` });
    return [layer];
  }
  return [...loadChain(parent, [...seen, file], problems), layer];
}

function resolveExtends(specifier: string, dir: string): string | null {
  const local = specifier.startsWith('.') || isAbsolute(specifier);
  const candidates = local ? [resolve(dir, specifier), resolve(dir, `${specifier}.json`)] : [specifier, `${specifier}.json`, `${specifier}/tsconfig.json`];
  for (const candidate of candidates) {
    if (local) {
      if (existsSync(candidate) && candidate.endsWith('.json')) return candidate;
      continue;
    }
    try {
      return require.resolve(candidate, { paths: [dir] });
    } catch {
      // Try the next form of the specifier.
    }
  }
  return null;
}

/** The ts-node defaults of the seed's table. */
const DEFAULTS = {
  compiler: 'typescript', compilerHost: false, emit: false, esm: false, experimentalResolver: false, experimentalTsImportSpecifiers: false,
  files: false, ignore: ['(?:^|/)node_modules/'], ignoreDiagnostics: [], logError: false, preferTsExts: false, pretty: false,
  scope: false, skipIgnore: false, swc: false, transpileOnly: false, typeCheck: true,
};

function resolveOptions(layers: readonly Layer[], problems: Problem[]): ResolvedRunnerOptions {
  const root = layers[layers.length - 1];
  const merged: Record<string, unknown> = {};
  const declaredIn = new Map<string, Layer>();
  const compilerOptions: Record<string, unknown> = {};
  const compilerDeclaredIn = new Map<string, Layer>();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.block)) {
      if (value === undefined) continue;
      if (value === null) merged[key] = undefined;
      else merged[key] = value;
      declaredIn.set(key, layer);
    }
    for (const [key, value] of Object.entries(layer.compilerOptions)) {
      compilerOptions[key] = value;
      compilerDeclaredIn.set(key, layer);
    }
  }
  const own = (merged.compilerOptions ?? {}) as Record<string, unknown>;
  const target = String(own.target ?? compilerOptions.target ?? 'es5');
  const at = (key: string) => ({ file: declaredIn.get(key)?.file, dir: declaredIn.get(key)?.dir ?? root.dir });
  problems.push(...combinedRules(merged, target).map((p) => ({ ...p, path: p.path.replace(/^\$/, '$["ts-node"]'), file: at(p.path.split('.')[1] ?? '').file ?? root.file })));

  const requireList = ((merged.require as string[] | undefined) ?? []).flatMap((entry, index) => {
    try {
      return [require.resolve(entry, { paths: [at('require').dir] })];
    } catch {
      problems.push({ file: at('require').file, path: `$["ts-node"].require[${index}]`, code: 'REQUIRE_NOT_FOUND', message: `cannot resolve ${JSON.stringify(entry)} from ${at('require').dir}` });
      return [];
    }
  });
  const rootDir = compilerOptions.rootDir;
  const scopeDir =
    typeof merged.scopeDir === 'string'
      ? resolve(at('scopeDir').dir, merged.scopeDir)
      : typeof rootDir === 'string'
        ? resolve(compilerDeclaredIn.get('rootDir')?.dir ?? root.dir, rootDir)
        : root.dir;
  const options = { ...DEFAULTS, ...Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) } as Record<string, unknown>;
  const compiler = resolveModule(String(options.compiler), at('compiler'), '$["ts-node"].compiler', problems);
  const transpiler = merged.transpiler === undefined ? undefined : resolveTranspiler(merged.transpiler as NonNullable<ResolvedRunnerOptions['transpiler']>, at('transpiler'), problems);
  const moduleTypes = (merged.moduleTypes ?? {}) as Record<string, ModuleType>;
  const entries: ModuleTypeEntry[] = Object.entries(moduleTypes).map(([pattern, type]) => ({ pattern, type, base: at('moduleTypes').dir }));
  const classify = moduleTypeClassifier(entries);
  const year = targetYear(target) ?? 0;
  const resolved = {
    ...(options as Omit<ResolvedRunnerOptions, 'isIgnored' | 'moduleTypeOf'>),
    configFile: root.file,
    compiler,
    transpiler,
    compilerOptions: own,
    require: requireList,
    scopeDir,
    moduleTypes,
    target,
    experimentalReplAwait: merged.experimentalReplAwait !== false && year >= 2018,
    warnings: [] as Problem[],
  };
  const ignored = ignoreTester({ ignore: resolved.ignore, skipIgnore: resolved.skipIgnore, scope: resolved.scope, scopeDir, baseDir: root.dir });
  return { ...resolved, isIgnored: ignored, moduleTypeOf: (path: string) => classify(path, root.dir) };
}

/** A module name resolved from the declaring file's directory; ts-node falls back to its own install, so a miss is a warning. */
function resolveModule(name: string, at: { file?: string; dir: string }, path: string, problems: Problem[]): string {
  try {
    return require.resolve(name, { paths: [at.dir] });
  } catch {
    if (at.file) problems.push({ file: at.file, path, code: 'COMPILER_NOT_RESOLVED', message: `cannot resolve ${JSON.stringify(name)} from ${at.dir}; ts-node would try its own install directory` });
    return name;
  }
}

function resolveTranspiler(value: NonNullable<ResolvedRunnerOptions['transpiler']>, at: { file?: string; dir: string }, problems: Problem[]): ResolvedRunnerOptions['transpiler'] {
  if (typeof value === 'string') return resolveModule(value, at, '$["ts-node"].transpiler', problems);
  const [name, ...rest] = value;
  return [resolveModule(name, at, '$["ts-node"].transpiler[0]', problems), ...rest] as ResolvedRunnerOptions['transpiler'];
}

