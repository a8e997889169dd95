import { expect } from 'chai';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { declarationFile, routeNames } from '../../src/typegen/generate';
import { app } from '../fixtures/typed-app';
import type { App } from '../../src';

const root = join(__dirname, '..', '..');
const scratch = join(root, '.tmp', 'typed-reversal');
const generated = join(scratch, 'route-names.d.ts');
const usage = join(scratch, 'usage.ts');

/** Calls a user writes; each `@ts-expect-error` line must be an error once RouteNames is filled in. */
const usageSource = `
import type { Context } from 'koa';
import { BaseVersioning, URLPathVersioning, type ReverseParams, type ReverseOptions } from 'waymark';
import { app } from ${JSON.stringify(join(root, 'test/fixtures/typed-app'))};

/** A scheme of the user's own that overrides reverse by plain strings, as before typed names (docs/versioning.md). */
export class LinkRewriting extends BaseVersioning {
  determineVersion(): string | null {
    return null;
  }
  reverse(name: string, params?: ReverseParams, options?: ReverseOptions & { request?: Context }): string {
    return name + JSON.stringify(params) + String(options?.request?.path);
  }
}

export function calls(ctx: Context): string[] {
  const scheme = new URLPathVersioning();
  return [
    app.url('users:detail', { id: 1 }),
    app.url('users:detail', { slug: 'ada' }),
    app.url('users:detail', [1]),
    app.url('users:list'),
    app.url('users:list', {}, { query: { page: 2 } }),
    app.url('file', { path: 'a/b.txt' }),
    app.url('archive', { year: 2024 }),
    app.url('archive', { year: 2024, month: 2 }),
    app.url('polls:index'),
    app.url('author-polls:index'),
    app.url('api:thing', { version: 'v1', id: 7 }),
    app.url('api:thing', ['v1', 7]),
    ctx.reverse('users:detail', { id: 1 }),
    ctx.reverse('api:thing', { id: 7 }),
    ctx.reverse('api:thing', { version: 'v2', id: 7 }),
    ctx.versioningScheme?.reverse('users:list', {}, { request: ctx }) ?? '',
    ctx.versioningScheme?.reverse('api:thing', { id: 7 }, { request: ctx }) ?? '',
    scheme.reverse('users:detail', { id: 1 }, { request: ctx }),
    scheme.reverse('api:thing', { id: 7 }, { request: ctx }),
    ctx.reverse('custom'),
    ctx.reverse('custom', { slug: 'a', page: 2 }),
    app.url('custom', { slug: 'a' }),
    app.url('regional', { id: 1 }),
    app.url('regional', { region: 'eu', id: 1 }),
    app.url('tenant', { tenant: 'acme', id: 1 }),
    app.url('shared'),
    app.url('shared', { tenant: 'acme' }),
    // @ts-expect-error a host parameter outside every optional group is required
    app.url('tenant', { id: 1 }),
    // @ts-expect-error a host parameter is a label, a string
    app.url('regional', { region: 1, id: 1 }),
    // @ts-expect-error only a request's scheme of your own may supply the slug
    app.url('custom'),
    // @ts-expect-error app.url has no request to take URL-path's version from
    app.url('api:thing', { id: 7 }),
    // @ts-expect-error a misspelt name
    app.url('users:detial', { id: 1 }),
    // @ts-expect-error a missing parameter
    app.url('users:detail', {}),
    // @ts-expect-error no parameters for a route that needs one
    app.url('users:detail'),
    // @ts-expect-error a wildcard takes a string
    app.url('file', { path: 3 }),
    // @ts-expect-error a misspelt name in a request
    ctx.reverse('user:detail', { id: 1 }),
    // @ts-expect-error a missing parameter in a request
    ctx.reverse('archive', { month: 2 }),
    // @ts-expect-error the request supplies the version, not the id
    ctx.reverse('api:thing', {}),
    // @ts-expect-error a misspelt name through the request's scheme
    ctx.versioningScheme?.reverse('users:lst', {}, { request: ctx }) ?? '',
    // @ts-expect-error a misspelt name through a scheme
    scheme.reverse('users:detial', { id: 1 }, { request: ctx }),
  ];
}
`;
const expectedErrors = (usageSource.match(/@ts-expect-error/g) ?? []).length;

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourcesOf(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
/** The project's compiler options, with `waymark` resolved to src/ as an installed package resolves to dist/. */
const options: ts.CompilerOptions = {
  ...ts.parseJsonConfigFileContent(config.config, ts.sys, root).options,
  noEmit: true,
  paths: { waymark: [join(root, 'src/index.ts')] },
};
/** Parsed files shared by every program here (lib and @types files are the slow part); the scratch files are read afresh. */
const parsed = new Map<string, ts.SourceFile | undefined>();
const host = ts.createCompilerHost(options);
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, ...rest) => {
  if (fileName.startsWith(scratch)) return getSourceFile(fileName, ...rest);
  if (!parsed.has(fileName)) parsed.set(fileName, getSourceFile(fileName, ...rest));
  return parsed.get(fileName);
};

function compile(files: string[]): readonly ts.Diagnostic[] {
  return ts.getPreEmitDiagnostics(ts.createProgram(files, options, host));
}

function describeAll(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const where = d.file ? `${relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('typegen/names (compiled with tsc)', function () {
  this.timeout(120_000);

  before(() => {
    mkdirSync(scratch, { recursive: true });
    writeFileSync(generated, declarationFile(routeNames(app.routes)));
    writeFileSync(usage, usageSource);
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("with the generated file, valid names compile and every misspelt name or missing parameter is an error; waymark's own sources compile too", () => {
    const diagnostics = compile([generated, usage, ...sourcesOf(join(root, 'src'))]);
    expect(describeAll(diagnostics)).to.deep.equal([]);
  });

  it('without it, names are plain strings: every expected error is missing, so only the directives complain', () => {
    const diagnostics = compile([usage]);
    const unused = diagnostics.filter((d) => d.code === 2578); // Unused '@ts-expect-error' directive.
    expect(describeAll(diagnostics.filter((d) => d.code !== 2578))).to.deep.equal([]);
    expect(unused).to.have.length(expectedErrors);
  });
});

describe('typegen/names: the example of docs/namespaces-and-reversal.md', function () {
  this.timeout(120_000);
  const dir = join(scratch, 'readme');
  const snippet = join(dir, 'app.ts');
  const names = join(dir, 'route-names.ts');
  let generated = '';

  before(() => {
    const readme = readFileSync(join(root, 'docs', 'namespaces-and-reversal.md'), 'utf8');
    const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.includes("'books:detial'"));
    if (block === undefined) throw new Error('docs/namespaces-and-reversal.md has no typed-reversal example');
    mkdirSync(dir, { recursive: true });
    writeFileSync(snippet, block.replaceAll("from 'waymark'", `from ${JSON.stringify(join(root, 'src'))}`));
    const loaded = require(snippet) as { app: App; done: Promise<void> };
    generated = declarationFile(routeNames(loaded.app.routes));
    return loaded.done;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles with its generated file, which it imports, each @ts-expect-error line being an error', () => {
    writeFileSync(names, generated);
    expect(describeAll(compile([snippet]))).to.deep.equal([]);
  });

  it('compiles with empty interfaces except for the now unused directives', () => {
    writeFileSync(names, declarationFile({ url: new Map(), request: new Map() }));
    expect(compile([snippet]).map((d) => d.code)).to.deep.equal([2578, 2578]);
  });
});
