import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenLinks, mapsPointInside } from './package-files';
import { freePort, packOnce, project, removeWork, root, run, section, succeeds, TEN_MINUTES, writeFiles } from './project';

/**
 * A project outside the repository, as a new user makes one from
 * docs/getting-started.md: the packed tarball installed with the page's
 * install lines, its tsconfig.json, its `// src/...` files (and those of the
 * guides that write files to add to that project) compiled by a strict tsc
 * against the published types, served and tested; then the same from a git
 * URL. Run by .ci/suites/consumer.sh (it needs the npm registry for
 * TypeScript and the other packages, so it is not in `npm test`).
 */
/** Beside the guides' files: the subpath export, which moduleResolution node10 only finds through typesVersions. */
const extra = new Map([
  [
    'src/runner-options-check.ts',
    "import { validateRunnerOptions } from 'waymark/runner-options';\n\n" +
      "const { valid, warnings } = validateRunnerOptions({ transpileOnly: true, transpileonly: true });\n" +
      "if (!valid || warnings[0]?.code !== 'UNKNOWN_OPTION') throw new Error(`unexpected: ${JSON.stringify(warnings)}`);\n",
  ],
]);


describe('consumer project: the packed tarball in an empty folder, as docs/getting-started.md says', function () {
  this.timeout(TEN_MINUTES);
  const readme = section();
  let dir = '';

  let shipped: string[] = [];
  let installed = '';
  const manifest = readFileSync(join(root, 'package.json'), 'utf8');

  before(() => {
    const { tarball, files } = packOnce();
    shipped = files;
    dir = project('app');
    for (const args of readme.installs) {
      const result = run('npm', ['install', '--no-audit', '--no-fund', ...args.map((arg) => (arg === 'waymark' ? tarball : arg))], dir);
      installed += succeeds(result) + result.stderr;
    }
    writeFileSync(join(dir, 'tsconfig.json'), readme.tsconfig);
    writeFiles(dir, new Map([...readme.files, ...extra]));
  });

  it('ships what is loaded: the bundles, the entry stubs, declarations, src/ for the maps, bin/, schema/, docs/ and the examples they link; no per-module .js', () => {
    const entries = ['dist/index.js', 'dist/runner-options/index.js', 'dist/testing/index.js', 'dist/cli/main.js'];
    const bundles = ['dist/bundle.js', 'dist/bundle.js.map', 'dist/bundle-tools.js', 'dist/bundle-tools.js.map'];
    const kind = (path: string): string => {
      if (['package.json', 'README.md', 'LICENSE', 'bin/waymark.js'].includes(path)) return path;
      if (entries.includes(path)) return 'entry stub';
      if (bundles.includes(path)) return 'bundle';
      if (/^dist\/[\w/-]+\.d\.ts(\.map)?$/.test(path)) return 'declaration';
      if (/^src\/[\w/-]+\.ts$/.test(path)) return 'source';
      if (/^schema\/[\w.-]+\.(json|md)$/.test(path)) return 'schema';
      // The pages, and the chart docs/performance.md shows (docs/bench.svg).
      if (/^docs\/[\w/-]+\.(md|svg)$/.test(path)) return 'docs';
      if (/^examples\/[\w-]+\.ts$/.test(path)) return 'example';
      return `unexpected: ${path}`;
    };
    expect(shipped.map(kind).filter((k) => k.startsWith('unexpected'))).to.deep.equal([]);
    expect(shipped).to.include.members([...entries, ...bundles, 'dist/index.d.ts', 'dist/runner-options/index.d.ts', 'dist/testing/index.d.ts', 'bin/waymark.js', 'schema/tsconfig.schema.json']);
    expect(shipped.filter((path) => path.startsWith('dist/') && path.endsWith('.js'))).to.have.length(entries.length + 2);
  });

  it('runs no install script: the packed package.json has no prepare, npm says nothing of install scripts, the repository keeps its own', () => {
    const published = JSON.parse(readFileSync(join(dir, 'node_modules', 'waymark', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(published.scripts).to.not.have.property('prepare');
    expect(installed).to.not.match(/install-scripts|install script/i);
    expect(readFileSync(join(root, 'package.json'), 'utf8'), 'postpack puts package.json back').to.equal(manifest);
    expect(existsSync(join(root, '.package.json.prepack'))).to.equal(false);
  });

  it('every relative link of the installed README and docs/ names a shipped file', () => {
    const pages = ['README.md', ...shipped.filter((path) => path.startsWith('docs/'))];
    expect(pages.length).to.be.at.least(20);
    const { links, broken } = brokenLinks(join(dir, 'node_modules', 'waymark'), pages);
    expect(links).to.be.at.least(50);
    expect(broken).to.deep.equal([]);
  });

  it('getting started has an install line, a tsconfig and files to compile', () => {
    // waymark loads reflect-metadata itself (docs/getting-started.md#reflect-metadata): the page does not install it.
    expect(readme.installs[0]).to.include('waymark').and.not.include('reflect-metadata');
    expect(JSON.parse(readme.tsconfig).compilerOptions).to.include({ strict: true, experimentalDecorators: true, emitDecoratorMetadata: true });
    expect([...readme.files.keys()]).to.include.members(['src/app.ts', 'src/server.ts']);
    expect(readme.curls).to.not.be.empty;
  });

  it('installs a TypeScript of the peer range (5 to 7) and the types the declarations need, with no peer conflict', () => {
    expect(JSON.parse(readFileSync(join(dir, 'node_modules/typescript/package.json'), 'utf8')).version).to.match(/^[567]\./);
    expect(existsSync(join(dir, 'node_modules/@types/koa/index.d.ts'))).to.equal(true);
    succeeds(run('npm', ['ls', '--all'], dir));
  });

  it('compiles with strict tsc (library checks on) against the published types', () => {
    succeeds(run('npx', ['tsc', '-p', '.'], dir));
    expect(existsSync(join(dir, 'dist/app.js'))).to.equal(true);
  });

  it('compiles with module node16 too (types through the exports map)', () => {
    const config = JSON.parse(readme.tsconfig);
    config.compilerOptions = { ...config.compilerOptions, module: 'node16', outDir: 'dist-node16' };
    writeFileSync(join(dir, 'tsconfig.node16.json'), JSON.stringify(config));
    succeeds(run('npx', ['tsc', '-p', 'tsconfig.node16.json'], dir));
  });

  it('compiles the app without esModuleInterop too (the declarations need no default import)', () => {
    const config = JSON.parse(readme.tsconfig);
    config.compilerOptions = { ...config.compilerOptions, esModuleInterop: false, noEmit: true };
    delete config.include;
    writeFileSync(join(dir, 'tsconfig.plain.json'), JSON.stringify({ ...config, files: ['src/app.ts'] }));
    // TypeScript 7 (the install line's TypeScript today) removed esModuleInterop: false (TS5108), so the
    // declarations are held to it by the TypeScript 5 of this repository, against the installed package.
    succeeds(run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.plain.json'], dir));
  });

  it("serves the guide's app and answers its curl lines", async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['dist/server.js'], { cwd: dir, env: { ...process.env, PORT: String(port) } });
    try {
      await new Promise<void>((ready, fail) => {
        let out = '';
        server.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('listening on')) ready();
        });
        server.stderr.on('data', (chunk) => (out += chunk));
        server.once('exit', (code) => fail(new Error(`node dist/server.js exited with ${code}: ${out}`)));
      });
      for (const { path, answer } of readme.curls) {
        const res = await fetch(`http://localhost:${port}${path}`);
        expect(await res.json(), path).to.deep.equal(JSON.parse(answer.replaceAll(':3000', `:${port}`)));
      }
      const missing = await fetch(`http://localhost:${port}/books/2`);
      expect([missing.status, missing.headers.get('content-type')]).to.deep.equal([404, 'application/problem+json']);
      const malformed = await fetch(`http://localhost:${port}/books/x`);
      expect(malformed.status).to.equal(404);
    } finally {
      server.kill();
    }
  });

  it("passes the guides' tests (node --test) and runs their other files", () => {
    const tests = [...readme.files.keys()].filter((path) => path.endsWith('.test.ts')).map((path) => path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js'));
    expect(tests).to.not.be.empty;
    succeeds(run(process.execPath, ['--test', ...tests], dir));
    // src/server.ts listens until it is stopped: the test before this one serves it.
    for (const path of [...readme.files.keys(), ...extra.keys()].filter((p) => p !== 'src/app.ts' && p !== 'src/server.ts' && !p.endsWith('.test.ts'))) {
      succeeds(run(process.execPath, [path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')], dir));
    }
  });

  it('ships every file its source maps and declaration maps point at', () => {
    const pkg = join(dir, 'node_modules', 'waymark');
    expect(readdirSync(join(pkg, 'dist')).some((name) => name.endsWith('.d.ts.map'))).to.equal(true);
    expect(mapsPointInside(pkg)).to.deep.equal([]);
  });

  it('dist/ is bundled: one file for the library, source maps back to src/*.ts, one copy of each class across the entries', () => {
    const pkg = join(dir, 'node_modules', 'waymark');
    const own = (file: string) => [...readFileSync(join(pkg, file), 'utf8').matchAll(/require\("(\.[^"]*)"\)/g)].map((match) => match[1]);
    expect(own('dist/index.js')).to.deep.equal(['./bundle.js']);
    expect(own('dist/bundle.js'), 'the library requires none of its own files').to.deep.equal([]);
    expect(new Set(own('dist/bundle-tools.js')), 'the CLI and runner-options take the library from bundle.js').to.deep.equal(new Set(['./bundle.js']));
    // A framework error thrown inside the bundle: with --enable-source-maps its frames name the TypeScript sources.
    const thrown = run(
      process.execPath,
      ['--enable-source-maps', '-e', "require('reflect-metadata'); const { createApp } = require('waymark'); try { createApp({ routes: [], mediaTypes: [] }); } catch (error) { console.log(error.code); console.log(error.stack); }"],
      dir,
    );
    const [code, ...stack] = succeeds(thrown).trim().split('\n');
    expect(code).to.equal('IMPROPERLY_CONFIGURED');
    expect(stack.join('\n')).to.match(/node_modules\/waymark\/src\/[\w/-]+\.ts:\d+:\d+/).and.not.match(/bundle\.js/);
    // The entries share the bundle's classes: runner-options' error is a WaymarkError of the root entry; ESM imports see the names.
    const shared = "require('reflect-metadata'); const { WaymarkError } = require('waymark'); const { readRunnerOptions } = require('waymark/runner-options');" +
      " try { readRunnerOptions('missing/tsconfig.json'); } catch (error) { console.log(error instanceof WaymarkError, error.code); }";
    expect(succeeds(run(process.execPath, ['-e', shared], dir)).trim()).to.equal('true INVALID_RUNNER_OPTIONS');
    const esm = "import 'reflect-metadata'; import { createApp, App } from 'waymark'; import { validateRunnerOptions } from 'waymark/runner-options';" +
      " console.log(createApp({ routes: [] }) instanceof App, typeof validateRunnerOptions);";
    expect(succeeds(run(process.execPath, ['--input-type=module', '-e', esm], dir)).trim()).to.equal('true function');
  });

  it('waymark/testing: compiles without fast-check, names the fix when it is missing, and checks an app once it is installed', () => {
    writeFileSync(
      join(dir, 'src/contract-check.ts'),
      "import 'reflect-metadata';\n" +
        "import { Controller, createApp, Get, Query } from 'waymark';\n" +
        "import { checkContract } from 'waymark/testing';\n\n" +
        "@Controller('/echo')\n" +
        "class Echo {\n" +
        "  @Get('/', { name: 'echo', responses: { 200: { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } } })\n" +
        "  echo(@Query('n', { schema: { type: 'integer', minimum: 0, maximum: 9 } }) n: number | undefined) {\n" +
        "    return { n: n ?? 0 };\n" +
        "  }\n" +
        "}\n\n" +
        "checkContract(createApp({ routes: [Echo] }), { runs: 30, seed: 1 }).then(\n" +
        "  (report) => console.log('ok', report.operations.map((each) => `${each.route} ${each.statuses.join(' ')}`).join(', ')),\n" +
        "  (error: Error) => {\n" +
        "    console.error(error.message);\n" +
        "    process.exitCode = 1;\n" +
        "  },\n" +
        ");\n",
    );
    const config = JSON.parse(readme.tsconfig);
    config.compilerOptions = { ...config.compilerOptions, outDir: 'dist-contract' };
    delete config.include;
    writeFileSync(join(dir, 'tsconfig.contract.json'), JSON.stringify({ ...config, files: ['src/contract-check.ts'] }));
    succeeds(run('npx', ['tsc', '-p', 'tsconfig.contract.json'], dir));
    const missing = run(process.execPath, ['dist-contract/contract-check.js'], dir);
    expect(missing.status).to.equal(1);
    expect(missing.stderr).to.contain('npm install --save-dev fast-check');
    succeeds(run('npm', ['install', '--no-save', '--no-audit', '--no-fund', 'fast-check@4'], dir));
    expect(succeeds(run(process.execPath, ['dist-contract/contract-check.js'], dir)).trim()).to.equal('ok echo 200 400');
    const esm = "import { checkContract, ContractViolation } from 'waymark/testing'; console.log(typeof checkContract, typeof ContractViolation);";
    expect(succeeds(run(process.execPath, ['--input-type=module', '-e', esm], dir)).trim()).to.equal('function function');
  });

  it('the waymark binary: --version, routes of the compiled app, and what to install for a .ts module', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(succeeds(run('npx', ['waymark', '--version'], dir)).trim()).to.equal(version);
    expect(succeeds(run('npx', ['waymark', 'routes', 'dist/app.js'], dir))).to.match(/^GET +\/books\/:id +books-detail +\* +id=\\d\+ +BooksController\.detail$/m);
    const ts = run('npx', ['waymark', 'routes', 'src/app.ts'], dir);
    expect(ts.status).to.equal(1);
    // The loader the project has, or what to install for the TypeScript it has (docs/cli.md#loading-typescript): never typescript@5 alone.
    expect(ts.stderr).to.match(/Install one: npm install --save-dev (tsx|ts-node)/).and.not.contain('typescript@5');
  });
  it('waymark types: the generated file makes a misspelt name or a missing parameter a compile error (docs/namespaces-and-reversal.md)', () => {
    succeeds(run('npx', ['waymark', 'types', 'dist/app.js', '--out', 'src/route-names.d.ts'], dir));
    succeeds(run('npx', ['waymark', 'types', 'dist/app.js', '--out', 'src/route-names.d.ts', '--check'], dir));
    writeFileSync(
      join(dir, 'src/typed-names.ts'),
      "import { app } from './app';\n\n" +
        "export const ok = app.url('books-detail', { id: 7 });\n" +
        "// @ts-expect-error a misspelt name\nexport const misspelt = app.url('books-detial', { id: 7 });\n" +
        "// @ts-expect-error a missing parameter\nexport const missing = app.url('books-detail', {});\n",
    );
    const config = JSON.parse(readme.tsconfig);
    config.compilerOptions = { ...config.compilerOptions, noEmit: true };
    delete config.include;
    writeFileSync(join(dir, 'tsconfig.typed.json'), JSON.stringify({ ...config, files: ['src/typed-names.ts', 'src/route-names.d.ts'] }));
    succeeds(run('npx', ['tsc', '-p', 'tsconfig.typed.json'], dir));
    writeFileSync(join(dir, 'tsconfig.untyped.json'), JSON.stringify({ ...config, files: ['src/typed-names.ts'] }));
    const untyped = run('npx', ['tsc', '-p', 'tsconfig.untyped.json'], dir);
    expect(untyped.stdout.match(/error TS2578/g), 'without the file, both lines compile: only the directives are unused').to.have.length(2);
  });
});

after(removeWork);
