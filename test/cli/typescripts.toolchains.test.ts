import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judge } from '../../src/cli/check-config';

// .ci/suites/typescripts.sh: TypeScript 6 and 7 come from the toolchain cache outside the clone
// (scripts/toolchain-cache.sh; their `tsc` bins would collide with TypeScript 5's in node_modules/.bin).
const root = join(__dirname, '..', '..');
const cached = (name: string, spec: string) => execFileSync('bash', [join(root, 'scripts/toolchain-cache.sh'), name, spec], { encoding: 'utf8' }).trim();

const DECORATORS = { experimentalDecorators: true, emitDecoratorMetadata: true };

describe('check-config under TypeScript 5, 6 and 7 (docs/cli.md#checking-a-tsconfigjson)', function () {
  this.timeout(600_000);
  const typescripts: Record<string, string> = {};
  const dirs: string[] = [];
  before(() => {
    typescripts['5'] = join(root, 'node_modules', 'typescript');
    typescripts['6'] = join(cached('ts6', 'typescript@6.0.3'), 'node_modules', 'typescript');
    typescripts['7'] = join(cached('ts7', 'typescript@7.0.2'), 'node_modules', 'typescript');
  });
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A project whose `typescript` is the given one, with src/app.ts and the tsconfig.json given. */
  function project(major: string, compilerOptions: object, links: Record<string, string> = {}): string {
    const dir = mkdtempSync(join(tmpdir(), `waymark-ts${major}-`));
    dirs.push(dir);
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(typescripts[major], join(dir, 'node_modules', 'typescript'));
    for (const [name, target] of Object.entries(links)) symlinkSync(target, join(dir, 'node_modules', name));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'commonjs' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
    writeFileSync(join(dir, 'src', 'app.ts'), 'export const answer: number = 42;\n');
    return dir;
  }

  /** The codes of the errors the project's own `tsc -p` reports before compiling, in tsconfig.json or on no file. */
  function tscCodes(dir: string, major: string): string[] {
    const result = spawnSync(process.execPath, [join(typescripts[major], 'bin', 'tsc'), '-p', 'tsconfig.json', '--listFilesOnly', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    return [...result.stdout.matchAll(/^(?:tsconfig\.json\(\d+,\d+\): )?error (TS\d+)/gm)].map((match) => match[1]).sort();
  }

  /** The TypeScript codes check-config reports (ROOT_DIR_UNSET is TypeScript's TS5011, said with its fix). */
  function checkCodes(dir: string): string[] {
    return judge(join(dir, 'tsconfig.json')).errors.map((problem) => (problem.code === 'ROOT_DIR_UNSET' ? 'TS5011' : problem.code)).filter((code) => code.startsWith('TS')).sort();
  }

  const cases: { name: string; options: object; expected: Record<string, string[]> }[] = [
    { name: 'moduleResolution node10 (deprecated by 6, removed by 7)', options: { moduleResolution: 'node10', noEmit: true }, expected: { 5: [], 6: ['TS5107'], 7: ['TS5108'] } },
    { name: 'baseUrl (deprecated by 6, removed by 7)', options: { baseUrl: '.', noEmit: true }, expected: { 5: [], 6: ['TS5101'], 7: ['TS5102'] } },
    { name: 'target ES5 (deprecated by 6, removed by 7)', options: { target: 'es5', noEmit: true }, expected: { 5: [], 6: ['TS5107'], 7: ['TS5108'] } },
    { name: "outDir with the sources in src/ and no rootDir (docs/getting-started.md's tsconfig before this round)", options: { target: 'es2022', module: 'commonjs', outDir: 'dist' }, expected: { 5: [], 6: ['TS5011'], 7: ['TS5011'] } },
    { name: 'a clean tsconfig', options: { target: 'es2022', module: 'commonjs', strict: true, rootDir: 'src', outDir: 'dist' }, expected: { 5: [], 6: [], 7: [] } },
  ];

  for (const { name, options, expected } of cases) {
    it(`${name}: each TypeScript's verdict, as its own tsc gives it`, () => {
      const seen: Record<string, string[]> = {};
      for (const major of ['5', '6', '7']) {
        const dir = project(major, { ...DECORATORS, ...options });
        const tsc = tscCodes(dir, major);
        expect(checkCodes(dir), `check-config under TypeScript ${major}`).to.deep.equal(tsc);
        seen[major] = tsc;
      }
      expect(seen).to.deep.equal(expected);
    });
  }

  it('never crashes on TypeScript 7, and a "ts-node" block there is TSNODE_NEEDS_TYPESCRIPT_API with the sentence that says why', () => {
    const dir = project('7', DECORATORS);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...DECORATORS, noEmit: true }, 'ts-node': { transpileOnly: true } }));
    const { errors, warnings } = judge(join(dir, 'tsconfig.json'));
    expect(errors.map((p) => [p.code, p.path])).to.deep.equal([['TSNODE_NEEDS_TYPESCRIPT_API', '$["ts-node"]']]);
    expect(errors[0].message).to.contain("ts-node 10 needs TypeScript's JavaScript API, which TypeScript 7 does not have");
    expect(warnings).to.deep.equal([]);
  });

  /** waymark as installed (its bin then runs dist/, not the checkout's sources), each file the built one. */
  function installWaymark(dir: string): void {
    const home = join(dir, 'node_modules', 'waymark');
    mkdirSync(join(home, 'bin'), { recursive: true });
    copyFileSync(join(root, 'package.json'), join(home, 'package.json'));
    copyFileSync(join(root, 'bin', 'waymark.js'), join(home, 'bin', 'waymark.js'));
    for (const name of ['dist', 'schema']) symlinkSync(join(root, name), join(home, name));
  }

  describe('the waymark binary in a project whose TypeScript is 7', () => {
    let dir: string;
    const waymark = (...args: string[]) => spawnSync(process.execPath, [join(dir, 'node_modules', 'waymark', 'bin', 'waymark.js'), ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    const APP = (imports: string) => `${imports}
@Controller('/books')
class Books {
  @Get('/:id', 'book') one(@Param('id', { type: Number }) id: number) {
    return { id };
  }
}
export const app = createApp({ routes: [Books] });
`;

    before(() => {
      if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is missing: run `npm run build` first (CI builds it before the suites)');
      dir = project('7', { ...DECORATORS, target: 'es2022', module: 'commonjs', rootDir: 'src', outDir: 'dist' }, { tsx: join(root, 'node_modules', 'tsx'), 'reflect-metadata': join(root, 'node_modules', 'reflect-metadata') });
      installWaymark(dir);
      writeFileSync(join(dir, 'src', 'app.ts'), APP("import 'reflect-metadata';\nimport { Controller, createApp, Get, Param } from 'waymark';"));
            writeFileSync(
        join(dir, 'src', 'app.js'),
        "require('reflect-metadata');\nconst { Controller, createApp, Get, Param } = require('waymark');\n" +
          "class Books { one(id) { return { id }; } }\nGet('/:id', 'book')(Books.prototype, 'one', Object.getOwnPropertyDescriptor(Books.prototype, 'one'));\n" +
          "Param('id', { type: Number })(Books.prototype, 'one', 0);\nController('/books')(Books);\nexports.app = createApp({ routes: [Books] });\n",
      );
    });

    it('check-config judges the project by TypeScript 7: 0 errors', () => {
      const result = waymark('check-config');
      expect([result.status, result.stdout.trim()], result.stderr).to.deep.equal([0, '0 errors, 0 warnings']);
    });

    for (const module of ['src/app.js', 'src/app.ts']) {
      it(`routes and openapi on ${module}${module.endsWith('.ts') ? ' (loaded with tsx, the loader that runs beside TypeScript 7)' : ''}`, () => {
        const routes = waymark('routes', module, '--json');
        expect(routes.status, routes.stderr).to.equal(0);
        expect(JSON.parse(routes.stdout).map((row: { name: string; pattern: string }) => [row.name, row.pattern])).to.deep.equal([['book', '/books/:id']]);
        const openapi = waymark('openapi', module);
        expect(openapi.status, openapi.stderr).to.equal(0);
        expect(JSON.parse(openapi.stdout).paths['/books/{id}'].get.parameters[0]).to.deep.include({ name: 'id', in: 'path' });
      });
    }

    it('an ES module project ("type": "module", nodenext) whose app.ts awaits at the top: through import(), with tsx\'s ES module hooks', () => {
      const esm = project('7', { ...DECORATORS, target: 'es2022', module: 'nodenext', rootDir: 'src', outDir: 'dist' }, { tsx: join(root, 'node_modules', 'tsx'), 'reflect-metadata': join(root, 'node_modules', 'reflect-metadata') });
      installWaymark(esm);
      writeFileSync(join(esm, 'package.json'), JSON.stringify({ name: 'esm-app', private: true, type: 'module' }));
      writeFileSync(join(esm, 'src', 'app.ts'), `${APP("import 'reflect-metadata';\nimport { Controller, createApp, Get, Param } from 'waymark';")}await Promise.resolve();\n`);
      const result = spawnSync(process.execPath, [join(esm, 'node_modules', 'waymark', 'bin', 'waymark.js'), 'routes', 'src/app.ts', '--json'], { cwd: esm, encoding: 'utf8', timeout: 120_000 });
      expect(result.status, result.stderr).to.equal(0);
      expect(JSON.parse(result.stdout).map((row: { name: string }) => row.name)).to.deep.equal(['book']);
    });

    it('a .ts module with no loader that fits: the message names TypeScript 7 and tsx, never typescript@5 alone', () => {
      rmSync(join(dir, 'node_modules', 'tsx'));
      try {
        const result = waymark('routes', 'src/app.ts');
        expect(result.status).to.equal(1);
        expect(result.stderr).to.contain('the project has typescript 7.0.2').and.contain('npm install --save-dev tsx').and.not.contain('typescript@5');
      } finally {
        symlinkSync(join(root, 'node_modules', 'tsx'), join(dir, 'node_modules', 'tsx'));
      }
    });
  });
});
