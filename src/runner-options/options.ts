import type { ModuleType } from './limits';
import type { Problem } from './problems';

/** The options ts-node runs a project with, as `readRunnerOptions` computes them. */
export interface ResolvedRunnerOptions {
  configFile: string;
  /** The compiler module's resolved path. */
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
  /** The transpiler module's resolved path (the bundled swc one with `swc`), with its options when given as an array. */
  transpiler?: string | [string, Record<string, unknown>, ...unknown[]];
  typeCheck: boolean;
  /** The effective compile target (ts-node's default is ES5). */
  target: string;
  /** The same warnings `waymark check-config` prints. */
  warnings: Problem[];
  /** True when ts-node would not compile `path` (ignore patterns, or outside scopeDir). Relative paths are from the tsconfig's directory. */
  isIgnored(path: string): boolean;
  /** The module type `moduleTypes` forces on `path` (`package` when no pattern matches). */
  moduleTypeOf(path: string): ModuleType;
}
