import type * as TS from 'typescript';
import { toProblem } from './compiler-options';
import type { Problem } from './problems';
import type { Layer } from './source';
import type { ShownConfig } from './traps';
import type { TypeScript } from './typescript';

/** "No inputs were found" and an empty `files`: about the inputs, not the options, and said by check-config of a project with no sources yet. */
export const NOT_ABOUT_OPTIONS = new Set([18002, 18003]);

/** What `tsc -p` says of a tsconfig.json before it compiles anything, and the options it shows with `--showConfig`. */
export interface TscVerdict {
  problems: Problem[];
  shown: ShownConfig;
  /** TypeScript's major version. */
  major: number;
}

/**
 * The verdict of `tsc -p <file> --listFilesOnly` through TypeScript's
 * JavaScript API (TypeScript 5 and 6; docs/cli.md#checking-a-tsconfigjson):
 * the config file's own diagnostics, then the program's option diagnostics
 * (TypeScript 6's deprecations, TS5011's `rootDir`, TS5052 ...), from a
 * program over the project's real inputs whose files are read as empty: the
 * option checks need their names, not their text, and nothing is type-checked.
 */
export function tscVerdict(ts: TypeScript, root: Layer): TscVerdict {
  const source = ts.parseJsonText(root.file, root.source.text);
  const parsed = ts.parseJsonSourceFileConfigFileContent(source, ts.sys, root.dir, undefined, root.file);
  const host = ts.createCompilerHost(parsed.options);
  host.getSourceFile = (name: string, language: TS.ScriptTarget | TS.CreateSourceFileOptions) => ts.createSourceFile(name, '', language);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, projectReferences: parsed.projectReferences, configFileParsingDiagnostics: parsed.errors });
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const diagnostic of [...parsed.errors, ...program.getOptionsDiagnostics()]) {
    // A diagnostic in a source file is about its code (empty here), not the options.
    if ((diagnostic.file !== undefined && !diagnostic.file.fileName.endsWith('.json')) || NOT_ABOUT_OPTIONS.has(diagnostic.code)) continue;
    const problem = toProblem(ts, diagnostic, { file: root.file, path: '$.compilerOptions' });
    const key = `${problem.code} ${problem.file} ${problem.path} ${problem.message}`;
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  }
  const shown = ts.convertToTSConfig(parsed, root.file, { useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames, getCurrentDirectory: () => root.dir }) as ShownConfig;
  return { problems, shown, major: Number.parseInt(ts.versionMajorMinor, 10) };
}
