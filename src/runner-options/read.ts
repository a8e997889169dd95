import { dirname, resolve } from 'node:path';
import { WaymarkError } from '../errors';
import { loadChain } from './chain';
import { isWarning } from './codes';
import { effectiveCompilerOptions } from './compiler-options';
import { decoratorProblems } from './decorators';
import type { ResolvedRunnerOptions } from './options';
import { fromAjv, type Problem } from './problems';
import { tscVerdict } from './program';
import { mergeLayers, resolveOptions } from './resolve';
import { combinedRules, layerRules } from './rules';
import { schemas } from './schema';
import { trapProblems } from './traps';
import { loadTypeScript } from './typescript';

export type { ResolvedRunnerOptions } from './options';

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
 * Reads a tsconfig.json as TypeScript does, follows `extends`, merges the
 * `"ts-node"` blocks per key (last writer wins, `null` resets), applies the
 * defaults, resolves paths from the file that declares them and checks every
 * rule, `compilerOptions` included (by TypeScript itself). Throws
 * `RunnerOptionsError` listing every problem; `warnings` carries the rest.
 *
 * @example
 * const options = readRunnerOptions('tsconfig.json');
 * assert.equal(options.isIgnored('node_modules/x/index.ts'), true);
 * assert.deepEqual(options.warnings, []);
 */
export function readRunnerOptions(tsconfigPath: string): ResolvedRunnerOptions {
  const { errors, warnings, options } = checkProject(tsconfigPath);
  if (errors.length > 0 || !options) throw new RunnerOptionsError(errors, warnings);
  return options;
}

const inBlock = (problem: Problem) => ({ ...problem, path: problem.path.replace(/^\$/, '$["ts-node"]') });

export interface CheckOptions {
  /** Also check what waymark's decorators need (`experimentalDecorators`, `emitDecoratorMetadata`): `waymark check-config` does. */
  decorators?: boolean;
  /** Also judge `compilerOptions` as the project's `tsc` does (its option diagnostics) and catch the traps of a new project: `waymark check-config` does. */
  tsc?: boolean;
}

/** What `readRunnerOptions` finds, without throwing: for `waymark check-config`. */
export function checkProject(tsconfigPath: string, { decorators = false, tsc = false }: CheckOptions = {}): ProjectCheck {
  const file = resolve(tsconfigPath);
  const problems: Problem[] = [];
  const ts = loadTypeScript(dirname(file));
  if (!ts) {
    problems.push({ file, path: '$', code: 'TYPESCRIPT_NOT_FOUND', message: `cannot resolve "typescript" from ${dirname(file)}; tsconfig.json is read with TypeScript's own reader` });
    return { errors: problems, warnings: [], options: null };
  }
  // TypeScript 7's package is a version number and a native tsc: nothing here can read the file as ts-node would.
  if (typeof ts.readConfigFile !== 'function') {
    const version = (ts as { version?: unknown }).version;
    problems.push({
      file,
      path: '$',
      code: 'TSNODE_NEEDS_TYPESCRIPT_API',
      message: `ts-node 10 needs TypeScript's JavaScript API, which TypeScript 7 does not have (this project has typescript ${String(version)}): the "ts-node" block cannot be read as ts-node would`,
      suggestion: 'run `waymark check-config`, which judges the file with the project\'s own tsc (docs/cli.md#checking-a-tsconfigjson), or install a TypeScript 5 or 6 for ts-node',
    });
    return { errors: problems, warnings: [], options: null };
  }
  const layers = loadChain(ts, file, problems);
  if (problems.length > 0 || layers.length === 0) return split(problems, null);
  const { block: validate } = schemas();
  for (const layer of layers) {
    const raw = layer.json['ts-node'];
    // ts-node reads a non-object block as empty; the schema, and so waymark, say it is wrong. `null` is no block.
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
      problems.push({ file: layer.file, path: '$["ts-node"]', code: 'INVALID_TYPE', message: `must be an object, got ${Array.isArray(raw) ? 'an array' : `${typeof raw} ${JSON.stringify(raw)}`}` });
    }
    const present = Object.fromEntries(Object.entries(layer.block).filter(([, value]) => value !== null));
    // Inside compilerOptions TypeScript's own diagnostics (below) are the authority; the schema only says "an object".
    const schemaProblems = validate(present) ? [] : fromAjv(validate.errors ?? [], present, '$["ts-node"]').filter((p) => !/^\$\["ts-node"\]\.compilerOptions[.[]/.test(p.path));
    problems.push(...schemaProblems.map((p) => ({ ...p, file: layer.file })));
    problems.push(...layerRules(present).map((p) => ({ ...inBlock(p), file: layer.file })));
  }
  const merge = mergeLayers(layers, problems);
  const root = layers[layers.length - 1];
  const compiler = effectiveCompilerOptions(ts, layers, merge.merged.compilerOptions, merge.basePaths.compilerOptions);
  problems.push(...compiler.problems);
  if (decorators) problems.push(...decoratorProblems(ts, compiler, root.file, merge.basePaths.compilerOptions?.file));
  if (tsc) problems.push(...judgedByTsc(ts, root, problems));
  problems.push(...combinedRules(merge.merged, compiler.target).map((p) => ({ ...inBlock(p), file: lastDeclaring(layers, p.path) ?? root.file })));
  const options = resolveOptions(ts, layers, merge, compiler, problems);
  return split(problems, options);
}

/**
 * `tsc`'s own verdict on the options and the traps, less what is reported
 * already: TS5011 is the trap ROOT_DIR_UNSET, said with its fix; a native
 * decorator trap stands for the top level's DECORATORS_DISABLED.
 */
function judgedByTsc(ts: NonNullable<ReturnType<typeof loadTypeScript>>, root: Parameters<typeof tscVerdict>[1], reported: Problem[]): Problem[] {
  const verdict = tscVerdict(ts, root);
  const traps = trapProblems(verdict.shown, root.file, verdict.major);
  const codes = new Set(traps.map((p) => p.code));
  const seen = new Set(reported.map((p) => `${p.code} ${p.message}`));
  const fresh = verdict.problems.filter((p) => !seen.has(`${p.code} ${p.message}`) && !(p.code === 'TS5011' && codes.has('ROOT_DIR_UNSET')));
  if (codes.has('NATIVE_DECORATORS')) {
    const index = reported.findIndex((p) => p.code === 'DECORATORS_DISABLED' && p.file === root.file && p.path === '$.compilerOptions');
    if (index >= 0) reported.splice(index, 1);
  }
  return [...fresh, ...traps];
}

/** The last file of the chain whose block sets the option a rule is about. */
function lastDeclaring(layers: readonly { file: string; block: Record<string, unknown> }[], path: string): string | undefined {
  const key = /^\$\.(\w+)/.exec(path)?.[1];
  return key ? [...layers].reverse().find((layer) => layer.block[key] !== undefined)?.file : undefined;
}

function split(problems: Problem[], options: Omit<ResolvedRunnerOptions, 'warnings'> | null): ProjectCheck {
  const errors = problems.filter((p) => !isWarning(p));
  const warnings = problems.filter(isWarning);
  return { errors, warnings, options: errors.length === 0 && options ? { ...options, warnings } : null };
}
