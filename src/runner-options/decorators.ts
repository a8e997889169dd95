import type { EffectiveCompilerOptions } from './compiler-options';
import type { Problem } from './problems';
import type { TypeScript } from './typescript';

const NAMES = ['experimentalDecorators', 'emitDecoratorMetadata'] as const;
type Name = (typeof NAMES)[number];

/** Why each option matters to waymark, said by `waymark check-config` whichever TypeScript judged it. */
export const WHY: Record<Name, { code: string; message: string }> = {
  experimentalDecorators: {
    code: 'DECORATORS_DISABLED',
    message:
      "waymark's decorators are TypeScript's legacy decorators: without \"experimentalDecorators\": true, TypeScript 5 compiles them " +
      'as standard decorators, @Param() does not compile and the app cannot be built',
  },
  emitDecoratorMetadata: {
    code: 'DECORATOR_METADATA_DISABLED',
    message:
      'without "emitDecoratorMetadata": true TypeScript records no parameter types, so createApp() refuses every @Param(), @Query() ' +
      'and @Header() that does not name its type ({ type: Number })',
  },
};

/**
 * What waymark's decorators need from the compiler options, for `tsc -p`
 * and for ts-node (whose block may turn an option off): `experimentalDecorators`
 * (an error: nothing works without it), `emitDecoratorMetadata` (a warning:
 * an app whose parameters all name their type runs without it), and
 * TypeScript's own TS5052 when the second is set without the first.
 * `blockFile` is the file whose `"ts-node".compilerOptions` is in force.
 */
export function decoratorProblems(ts: TypeScript, compiler: EffectiveCompilerOptions, rootFile: string, blockFile: string | undefined): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string | number>();
  for (const [options, where] of [
    [compiler.tsc, { file: rootFile, path: '$.compilerOptions' }],
    [compiler.tsNode, { file: blockFile ?? rootFile, path: '$["ts-node"].compilerOptions' }],
  ] as const) {
    const diagnostics = ts.createProgram({ rootNames: [], options: { ...options, noLib: true, types: [] } }).getOptionsDiagnostics();
    // TS5052: emitDecoratorMetadata without experimentalDecorators, which only the program's option check reports.
    const alone = diagnostics.find((diagnostic) => diagnostic.code === 5052);
    if (alone && !reported.has(alone.code)) {
      reported.add(alone.code);
      const message = ts.flattenDiagnosticMessageText(alone.messageText, ' ');
      problems.push({ ...at(where, options === compiler.tsc, 'experimentalDecorators'), code: `TS${alone.code}`, message, suggestion: '"experimentalDecorators": true' });
    }
    for (const name of NAMES) {
      if (options[name] === true || reported.has(name) || (alone && name === 'experimentalDecorators')) continue;
      reported.add(name);
      problems.push({ ...at(where, options === compiler.tsc, name), ...WHY[name], suggestion: `"${name}": true` });
    }
  }
  return problems;
}

/** The top level's `compilerOptions`; inside the block, the option itself (only the block can turn off what the top level set). */
function at(where: { file: string; path: string }, topLevel: boolean, name: Name): { file: string; path: string } {
  return topLevel ? where : { file: where.file, path: `${where.path}.${name}` };
}
