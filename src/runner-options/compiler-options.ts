import type * as TS from 'typescript';
import { nodeAt, pathAt } from './json-ast';
import type { Problem } from './problems';
import type { Layer } from './source';
import { targetName, type TypeScript } from './typescript';

/** Diagnostics ts-node always drops from a tsconfig's (6059, 18002, 18003: rootDir and "no inputs" complaints). */
const ALWAYS_IGNORED = new Set([6059, 18002, 18003]);

/** What ts-node forces on every compilation (docs/reference/runner-options.md#compiler-options). */
const FORCED = { sourceMap: true, inlineSourceMap: false, inlineSources: true, declaration: false, noEmit: false, outDir: '.ts-node' };

/** The compiler options in force, as ts-node computes them, and TypeScript's verdict on them. */
export interface EffectiveCompilerOptions {
  /** The target's name; ts-node uses ES5 when none is set. */
  target: string;
  /** `rootDir` as TypeScript resolved it (absolute), if set anywhere. */
  rootDir?: string;
  problems: Problem[];
  /** The options `tsc -p` compiles with: the chain's `compilerOptions`. */
  tsc: TS.CompilerOptions;
  /** The options ts-node compiles with: those, the block's, and what ts-node forces. */
  tsNode: TS.CompilerOptions;
}

const parseHost = (ts: TypeScript): TS.ParseConfigHost => ({
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  // ts-node's default (`files: false`) does not expand include globs, and the verdict on options does not need them.
  readDirectory: () => [],
});

export function toProblem(ts: TypeScript, diagnostic: TS.Diagnostic, fallback: { file: string; path: string }, offset = 0, within?: TS.JsonSourceFile): Problem {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  const source = within ?? (diagnostic.file as TS.JsonSourceFile | undefined);
  const located = source && diagnostic.start !== undefined;
  return {
    file: located ? source.fileName : fallback.file,
    path: located ? pathAt(ts, source, diagnostic.start! + offset) : fallback.path,
    code: `TS${diagnostic.code}`,
    message,
  };
}

const kept = (diagnostics: readonly TS.Diagnostic[]) => diagnostics.filter((d) => !ALWAYS_IGNORED.has(d.code));

/**
 * TypeScript's verdict on the chain's `compilerOptions` (and the rest of the
 * file it checks: `files`, `include`, `references`...), each diagnostic with
 * its code and the JSON path and file it points at.
 */
function topLevel(ts: TypeScript, root: Layer): { problems: Problem[]; options: TS.CompilerOptions } {
  const parsed = ts.parseJsonSourceFileConfigFileContent(root.source, parseHost(ts), root.dir, undefined, root.file);
  return { problems: kept(parsed.errors).map((d) => toProblem(ts, d, { file: root.file, path: '$.compilerOptions' })), options: parsed.options };
}

/**
 * TypeScript's verdict on the `"ts-node".compilerOptions` in force: that object
 * is parsed as the `compilerOptions` of a file of its own, and every position
 * is mapped back into the file that declares it.
 */
function inBlock(ts: TypeScript, declaring: Layer): Problem[] {
  const node = nodeAt(ts, declaring.source, ['ts-node', 'compilerOptions']);
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  const start = node.getStart(declaring.source);
  const prefix = '{"compilerOptions":';
  const synthetic = ts.parseJsonText(declaring.file, `${prefix}${declaring.source.text.slice(start, node.end)}}`);
  const parsed = ts.parseJsonSourceFileConfigFileContent(synthetic, parseHost(ts), declaring.dir, undefined, declaring.file);
  return kept(parsed.errors).map((d) => toProblem(ts, d, { file: declaring.file, path: '$["ts-node"].compilerOptions' }, start - prefix.length, declaring.source));
}

/**
 * The options ts-node compiles with: the root file's `compilerOptions`, then
 * the block's (shallowly), then ts-node's forced values, parsed by TypeScript
 * with the whole `extends` chain. Problems are TypeScript's diagnostics on the
 * top level and the block; a diagnostic that only the combination produces is
 * reported at the root file's `$.compilerOptions`.
 */
export function effectiveCompilerOptions(ts: TypeScript, layers: readonly Layer[], block: unknown, blockLayer: Layer | undefined): EffectiveCompilerOptions {
  const root = layers[layers.length - 1];
  const tsc = topLevel(ts, root);
  const problems = [...tsc.problems, ...(blockLayer ? inBlock(ts, blockLayer) : [])];
  // A block value that is not an object is reported by the schema; ts-node would spread its characters in.
  const own = typeof block === 'object' && block !== null && !Array.isArray(block) ? block : {};
  const config = { ...root.json, compilerOptions: Object.assign({}, root.json.compilerOptions, own, FORCED) };
  const parsed = ts.parseJsonConfigFileContent(config, parseHost(ts), root.dir, undefined, root.file);
  const seen = new Set(problems.map((p) => `${p.code} ${p.message}`));
  for (const diagnostic of kept(parsed.errors)) {
    const problem = toProblem(ts, diagnostic, { file: root.file, path: '$.compilerOptions' });
    if (!seen.has(`${problem.code} ${problem.message}`)) problems.push(problem);
  }
  const { target = ts.ScriptTarget.ES5, rootDir } = parsed.options;
  return { target: targetName(ts, target), ...(typeof rootDir === 'string' ? { rootDir } : {}), problems, tsc: tsc.options, tsNode: parsed.options };
}
