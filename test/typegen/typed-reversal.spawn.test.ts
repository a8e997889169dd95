import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { blocks, readPage } from '../doc-pages';

const root = join(__dirname, '..', '..');
const project = join(root, '.tmp', 'typed-reversal-project');
const waymark = join(project, 'node_modules', 'waymark');

/** A user's project: one controller under URL-path versioning, one under namespace versioning. */
const sources: Record<string, string> = {
  'src/books.ts': `
import type { Context } from 'koa';
import { Controller, Ctx, Get, Param } from 'waymark';

@Controller('/:version/books', { namespace: 'books' })
export class Books {
  @Get('', 'list') list(@Ctx() ctx: Context) {
    // The request supplies the version: on /v2/books these are /v2/books/1 and /v2/books/2.
    return { first: ctx.reverse('books:detail', { id: 1 }), second: ctx.versioningScheme?.reverse('books:detail', { id: 2 }, { request: ctx }) };
  }
  @Get('/:id', 'detail') detail(@Param('id') id: number) {
    return { id };
  }
}
`,
  'src/authors.ts': `
import type { Context } from 'koa';
import { Controller, Ctx, Get, NamespaceVersioning } from 'waymark';

@Controller('/authors', { namespace: 'authors', versioning: new NamespaceVersioning({ allowedVersions: ['v1'] }) })
export class Authors {
  // The request supplies the version namespace: authors:detail is v1:authors:detail on /v1/authors.
  @Get('', 'list') list(@Ctx() ctx: Context) {
    return { first: ctx.reverse('authors:detail', { id: 1 }) };
  }
  @Get('/:id', 'detail') detail() {}
}
`,
  'src/app.ts': `
import 'reflect-metadata';
import { createApp, include, URLPathVersioning } from 'waymark';
import type {} from './route-names';
import { Authors } from './authors';
import { Books } from './books';

export const app = createApp({
  routes: [Books, include('/v1', [Authors], { namespace: 'v1' })],
  versioning: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
});
`,
  'src/main.ts': `
import 'reflect-metadata';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Context } from 'koa';
import { NoReverseMatch } from 'waymark';
import { app } from './app';

assert.equal(app.url('books:detail', { version: 'v1', id: 1 }), '/v1/books/1');
assert.equal(app.url('books:detail', ['v2', 1]), '/v2/books/1');
assert.equal(app.url('v1:authors:detail', { id: 3 }), '/v1/authors/3');
// @ts-expect-error app.url has no request to take the version from
assert.throws(() => app.url('books:detail', { id: 1 }), NoReverseMatch);
// @ts-expect-error nor the version namespace
assert.throws(() => app.url('authors:detail', { id: 3 }), NoReverseMatch);
// @ts-expect-error a misspelt name
assert.throws(() => app.url('books:detial', { version: 'v1', id: 1 }), NoReverseMatch);

/** Never called: what a handler may not write. */
export function wrong(ctx: Context): string[] {
  return [
    // @ts-expect-error a misspelt name in a request
    ctx.reverse('books:detial', { id: 1 }),
    // @ts-expect-error the request supplies the version, not the id
    ctx.reverse('books:detail', {}),
  ];
}

async function main() {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`;
  try {
    assert.deepEqual(await (await fetch(\`\${base}/v2/books\`)).json(), { first: \`\${base}/v2/books/1\`, second: \`\${base}/v2/books/2\` });
    assert.deepEqual(await (await fetch(\`\${base}/v1/authors\`)).json(), { first: \`\${base}/v1/authors/1\` });
  } finally {
    server.close();
  }
  console.log('typed reversal ran');
}
main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
`,
};

/** The environment without TS_NODE_* variables, so ts-node runs on its defaults and the project's tsconfig alone. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TS_NODE_')));

function run(args: string[]) {
  return spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', env, timeout: 120_000 });
}

/** `waymark` as the project installed it: the published bin over the compiled dist/. */
const types = (...args: string[]) => run([join(waymark, 'bin', 'waymark.js'), 'types', 'src/app.ts', '--out', 'src/route-names.ts', ...args]);

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
}

/**
 * Typed reversal in a project set up as docs/getting-started.md says (its
 * tsconfig.json, waymark installed as compiled JavaScript and declarations),
 * checked by tsc and by ts-node on their defaults.
 */
describe('typed reversal under tsc and ts-node, with the getting-started tsconfig and no other flag', function () {
  this.timeout(240_000);

  before(() => {
    rmSync(project, { recursive: true, force: true });
    // A package.json of its own, or `waymark` would resolve to this repository (a package may require itself by name).
    write({ 'package.json': '{ "name": "typed-reversal-project", "private": true }\n', 'tsconfig.json': blocks(readPage('docs/getting-started.md'), 'json')[0], ...sources });
    const build = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(waymark, 'dist'), '--sourceMap', 'false', '--declarationMap', 'false'], { encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).to.equal(0);
    mkdirSync(join(waymark, 'bin'));
    copyFileSync(join(root, 'package.json'), join(waymark, 'package.json'));
    copyFileSync(join(root, 'bin', 'waymark.js'), join(waymark, 'bin', 'waymark.js'));
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  it('`waymark types` writes the module the app imports, though it does not exist yet; --check then passes', () => {
    const written = types();
    expect(written.status, written.stderr).to.equal(0);
    const text = readFileSync(join(project, 'src', 'route-names.ts'), 'utf8');
    expect(text).to.contain("    'books:detail': { version: string | number; id: string | number };\n    'books:list': { version: string | number };\n");
    expect(text).to.contain("  interface RequestRouteNames {\n    'authors:detail': { id: string | number };\n    'authors:list': {};\n    'books:detail': { version?: string | number; id: string | number };");
    expect(types('--check').status).to.equal(0);
  });

  it('tsc compiles the project: what each call needs compiles, and each @ts-expect-error line is an error', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(project, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!config) throw new Error('the project has no tsconfig.json');
    expect(config.options.strict).to.equal(true);
    const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${relative(project, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics).to.deep.equal([]);
  });

  it('ts-node type-checks and runs the same project: ctx.reverse and the scheme fill in what the request supplies', () => {
    const result = run(['-r', 'ts-node/register', 'src/main.ts']);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.contain('typed reversal ran');
  });

  it('without the import, ts-node never sees the file, and the lines that must be errors compile (what the import is for)', () => {
    write({
      'unimported/app.ts': sources['src/app.ts'].replace("import type {} from './route-names';\n", '').replaceAll("from './", "from '../src/"),
      'unimported/main.ts': sources['src/main.ts'],
    });
    const result = run(['-r', 'ts-node/register', 'unimported/main.ts']);
    expect(result.status).to.not.equal(0);
    expect(result.stderr).to.contain("TS2578: Unused '@ts-expect-error' directive");
  });

  it('a stale file does not stop `waymark types` (it loads the app without type-checking): --check fails, and writing fixes it', () => {
    const file = join(project, 'src', 'route-names.ts');
    const fresh = readFileSync(file, 'utf8');
    writeFileSync(file, fresh.replaceAll("'books:detail'", "'books:show'"));
    const check = types('--check');
    expect(check.status, check.stderr).to.equal(1);
    expect(check.stderr).to.contain('is stale');
    expect(types().status).to.equal(0);
    expect(readFileSync(file, 'utf8')).to.equal(fresh);
  });
});
