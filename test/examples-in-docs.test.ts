import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import * as waymark from '../src';

const root = join(__dirname, '..');
const entry = join(root, 'src', 'index.ts');
const scratch = join(root, '.tmp', 'doc-examples');

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return { ...parsed?.options, noEmit: true };
}

interface Documented {
  /** Every export of the package root, runtime and type-only. */
  names: string[];
  /** The `@example` blocks of each export's declaration (several for an overloaded one). */
  examples: Map<string, string[]>;
}

/** Reads the root's exports with the type checker and each one's doc comment where it is declared. */
function documented(options: ts.CompilerOptions): Documented {
  const program = ts.createProgram([entry], options);
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile) as ts.Symbol;
  const examples = new Map<string, string[]>();
  const names: string[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    names.push(exported.name);
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const comments = (symbol.declarations ?? []).flatMap((declaration) => ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc));
    examples.set(exported.name, comments.flatMap((comment) => examplesIn(comment.getText())));
  }
  return { names, examples };
}

/**
 * The `@example` blocks of a doc comment, read from its text: TypeScript's
 * JSDoc parser would end an example at its first decorator (`@Get(...)`
 * looks like a tag). A block runs to the next `@example` or block tag, or
 * the end; a Markdown fence around it is dropped.
 */
function examplesIn(comment: string): string[] {
  const lines = comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const blocks: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const inline = /^(?:.*\s)?@example\b\s*(.*)$/.exec(line);
    if (inline && !line.trimStart().startsWith('@example') && current === null) {
      blocks.push((current = [inline[1]]));
    } else if (line.trimStart().startsWith('@example')) {
      blocks.push((current = [line.trimStart().slice('@example'.length).trim()]));
    } else if (/^@(?:param|returns?|throws|see|deprecated|remarks|typeParam)\b/.test(line.trimStart())) {
      current = null;
    } else if (current !== null) {
      current.push(line);
    }
  }
  return blocks
    .map((block) => block.join('\n').trim().replace(/^```\w*\n/, '').replace(/\n?```$/, '').trim())
    .filter((block) => block !== '');
}

/**
 * An example as a module: every root export of 'waymark' and `assert` in
 * scope, its own imports hoisted, its statements inside an async function so
 * it may `await`, and the promise exported for the test to wait on.
 */
function program(example: string, runtime: readonly string[], types: readonly string[]): string {
  const lines = example.split('\n');
  const imports = lines.filter((line) => /^import\s/.test(line) && !/from 'waymark'|from 'node:assert/.test(line));
  const body = lines.filter((line) => !/^import\s/.test(line));
  return [
    "import 'reflect-metadata';",
    "import assert from 'node:assert/strict';",
    `import { ${runtime.join(', ')} } from ${JSON.stringify(entry.replace(/\.ts$/, ''))};`,
    types.length > 0 ? `import type { ${types.join(', ')} } from ${JSON.stringify(entry.replace(/\.ts$/, ''))};` : '',
    ...imports,
    'export const done = (async () => {',
    ...body,
    '})();',
    '',
  ].join('\n');
}

describe('every runtime export of the package root has a runnable @example', function () {
  this.timeout(120_000);
  const runtime = Object.keys(waymark).sort();
  const options = compilerOptions();
  const { names, examples } = documented(options);
  const types = names.filter((name) => !runtime.includes(name));
  const files = new Map<string, string>();

  before(() => {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    for (const name of runtime) {
      (examples.get(name) ?? []).forEach((example, index) => {
        // Numbered, not named: `route` and `Route` are two exports, and one file system may not tell their names apart.
        const file = join(scratch, `example-${files.size + 1}.ts`);
        writeFileSync(file, program(example, runtime, types));
        files.set(`${name}-${index + 1}`, file);
      });
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the runtime exports (a broken discovery would check nothing)', () => {
    expect(runtime.length).to.be.at.least(37);
    expect(runtime.every((name) => names.includes(name))).to.equal(true);
  });

  it('every runtime export has at least one @example', () => {
    const missing = runtime.filter((name) => (examples.get(name) ?? []).length === 0);
    expect(missing, `exports without an @example in their doc comment: ${missing.join(', ')}`).to.deep.equal([]);
  });

  it('every example checks its result with assert', () => {
    const unchecked = runtime.filter((name) => (examples.get(name) ?? []).some((example) => !/\bassert\.\w+\(/.test(example)));
    expect(unchecked, `examples that assert nothing: ${unchecked.join(', ')}`).to.deep.equal([]);
  });

  it('every example type-checks against the package root', () => {
    const checked = ts.createProgram([...files.values()], options);
    const problems = [...files.values()].flatMap((file) =>
      ts.getPreEmitDiagnostics(checked, checked.getSourceFile(file)).map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        return `${d.file?.fileName.slice(scratch.length + 1) ?? ''}${where ? `:${where.line + 1}` : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  /** Failures by example, from one child process: an example that fails half-way may leave a server open, and that must not hold up this run. */
  let failures: Record<string, string | null> | undefined;
  function run(): Record<string, string | null> {
    if (failures) return failures;
    const runner = join(scratch, 'run.js');
    writeFileSync(
      runner,
      `const files = ${JSON.stringify(Object.fromEntries(files))};
      const results = {};
      (async () => {
        for (const [key, file] of Object.entries(files)) {
          let timer;
          const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('did not finish in 20 s')), 20000)));
          try {
            await Promise.race([require(file).done, timeout]);
            results[key] = null;
          } catch (error) {
            results[key] = String((error && error.stack) || error);
          }
          clearTimeout(timer);
        }
        process.stdout.write(JSON.stringify(results));
        process.exit(0);
      })();`,
    );
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register', '-r', 'reflect-metadata', runner], { cwd: root, encoding: 'utf8', timeout: 110_000 });
    failures = JSON.parse(child.stdout || '{}') as Record<string, string | null>;
    expect(Object.keys(failures), child.stderr).to.have.length(files.size);
    return failures;
  }

  for (const name of runtime) {
    it(`${name}: its examples run and their assertions hold`, () => {
      const mine = [...files.keys()].filter((key) => key.startsWith(`${name}-`));
      expect(mine.length, `${name} has no @example`).to.be.at.least(1);
      const results = run();
      for (const key of mine) expect(results[key], `${key}: ${results[key]}`).to.equal(null);
    });
  }
});
