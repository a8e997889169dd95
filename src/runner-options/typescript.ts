import type * as TS from 'typescript';

/**
 * The TypeScript module, plus the few functions of its namespace that it does
 * not declare but uses itself to read a tsconfig.json (the same ones ts-node copies).
 */
export type TypeScript = typeof TS & {
  normalizeSlashes(path: string): string;
  isRootedDiskPath(path: string): boolean;
  getNormalizedAbsolutePath(path: string, base: string): string;
  combinePaths(path: string, ...paths: string[]): string;
  getPatternFromSpec(spec: string, basePath: string, usage: 'files' | 'directories' | 'exclude'): string | undefined;
  nodeNextJsonConfigResolver(name: string, containingFile: string, host: TS.ModuleResolutionHost): TS.ResolvedModuleWithFailedLookupLocations;
  targetOptionDeclaration: { type: Map<string, number> };
  /** What `tsc --showConfig` prints, from a parsed tsconfig.json. */
  convertToTSConfig(parsed: TS.ParsedCommandLine, configFileName: string, host: { useCaseSensitiveFileNames: boolean; getCurrentDirectory(): string }): object;
};

/**
 * TypeScript as the project would load it: resolved from the project's own
 * directory first (ts-node does the same), then from waymark's. `undefined`
 * when neither has one.
 */
export function loadTypeScript(projectDir: string): TypeScript | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(require.resolve('typescript', { paths: [projectDir, __dirname] })) as TypeScript;
  } catch {
    return undefined;
  }
}

/** The lower-case name TypeScript gives a `ScriptTarget` value (`es2015` rather than `es6`). */
export function targetName(ts: TypeScript, target: number): string {
  let name = 'es5';
  for (const [key, value] of ts.targetOptionDeclaration.type) if (value === target) name = key;
  return name;
}
