import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import ts from 'typescript';

/**
 * The layers of src/, bottom first (docs/architecture.md says why). A folder
 * (or a file directly in src/) may import its own layer and the layers below
 * it, never one above: so no two folders import each other, and a new folder
 * must be given its place here. Type imports count: `import type` ties
 * modules together for the compiler and the reader as much as a value does.
 */
const LAYERS = [
  'errors', // the catalogue, Message, WaymarkError and the HTTP error classes
  'util',
  'i18n',
  'metadata', // the decorator metadata store
  'model', // the route table's types: records, options, reversal arguments, the scheme interface
  'schema', // schema kinds (JSON Schema, Standard Schema): the compiler, checks, descriptions, serializers
  'decorators', // write metadata only
  'table', // the builder, patterns, namespaces, reversal: plain data, no Koa, no OpenAPI
  'routing', // the matcher and its tree: a method and a path to the candidate routes
  'validation',
  'history', // the version history: declaration, schemas derived per version, conversion rules
  'lifecycle',
  'negotiation',
  'bodies', // request bodies read (the parsers) and response bodies written (render)
  'shutdown',
  'pinning', // version pins per client: the stores and the request side (docs/pinning.md)
  'runtime', // the per-app object the request path reads
  'http', // dispatch, context, binding, outcomes, problem documents, request helpers
  'plan', // each route's plan, made when the app is built: controllers, binders, contracts, history
  'versioning', // the five schemes read requests through http/
  'openapi', // reads routes; nothing below reads it
  'typegen',
  'options',
  'app',
  'docs-page', // a package export of routes that serve the app's own documents
  'health', // the readiness route: answers what closeGracefully set (docs/deployment.md#readiness)
  'client', // the generated client: from an app's documents to TypeScript source
  'compat', // breaking-change checks between a version's snapshot and its document
  'catalog', // versionsRoute(): the RFC 9727 api-catalog of versions, documents and changelogs
  'index',
  'runner-options',
  'testing', // waymark/testing: checkContract, the app against its own documents
  'cli',
];

/**
 * The statements of a module that leave something at run time, as `line: text`:
 * anything but interfaces, type aliases, `declare` namespaces and type-only
 * imports and exports. model/ must have none (docs/architecture.md#layers).
 */
function runtimeStatements(source: string): string[] {
  const file = ts.createSourceFile('model.ts', source, ts.ScriptTarget.Latest, true);
  const typeOnly = (statement: ts.Statement): boolean => {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return true;
    if (ts.isModuleDeclaration(statement)) return (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword);
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause === undefined) return false;
      const bindings = clause.namedBindings;
      return clause.isTypeOnly || (clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly));
    }
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      return statement.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly));
    }
    return false;
  };
  return file.statements
    .filter((statement) => !typeOnly(statement))
    .map((statement) => `${file.getLineAndCharacterOfPosition(statement.getStart()).line + 1}: ${statement.getText().split('\n')[0]}`);
}

const root = join(__dirname, '..');
let tree: DependencyTree;

/** `src/table/builder.ts` → `table`; `src/app.ts` → `app`. */
function layerOf(file: string): string {
  const [first] = relative(join(root, 'src'), join(root, file)).split(/[\\/]/);
  return first.replace(/\.ts$/, '');
}

/** Every import of one src/ file into another, type imports included, as [from, to] paths relative to the repository. */
function imports(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [file, dependencies] of Object.entries(tree)) {
    for (const dependency of dependencies ?? []) {
      if (dependency.id !== null && dependency.id.startsWith('src/')) pairs.push([file, dependency.id]);
    }
  }
  return pairs;
}

/** The cycles of a directed graph given as edges, each as its nodes in order (empty when it has none). */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('architecture: the import graph of src/', function () {
  this.timeout(60_000);

  before(async () => {
    // Every file, not only what the entry points reach; `transform: false` keeps type imports.
    tree = await parseDependencyTree('src/**/*.ts', { context: root, cwd: root, transform: false, skipDynamicImports: false });
  });

  it('reads the whole of src/', () => {
    expect(Object.keys(tree).filter((file) => file.startsWith('src/')).length).to.be.at.least(100);
    expect(imports().length).to.be.at.least(300);
  });

  it('keeps every file of src/ to 300 lines or fewer: past that it is two files (docs/architecture.md)', () => {
    const files = Object.keys(tree).filter((file) => file.startsWith('src/'));
    const long = files.map((file) => [file, readFileSync(join(root, file), 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > 300);
    expect(files.length).to.be.greaterThan(100);
    expect(long).to.deep.equal([]);
  });

  it('has no import cycle between files, type imports included', () => {
    const cycles = parseCircular(tree).map((cycle) => cycle.join(' -> '));
    expect(cycles, 'import cycles').to.deep.equal([]);
  });

  it('has no cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports()) {
      const [a, b] = [layerOf(from), layerOf(to)];
      if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
    expect(cyclesOf(edges).map((cycle) => cycle.join(' -> ')), 'folder cycles').to.deep.equal([]);
  });

  it('imports only downwards through the layers', () => {
    const unplaced = [...new Set(Object.keys(tree).filter((file) => file.startsWith('src/')).map(layerOf))].filter((layer) => !LAYERS.includes(layer));
    expect(unplaced, 'folders missing from LAYERS in test/architecture.test.ts').to.deep.equal([]);
    const upwards = imports()
      .filter(([from, to]) => LAYERS.indexOf(layerOf(to)) > LAYERS.indexOf(layerOf(from)))
      .map(([from, to]) => `${from} imports ${to}, a layer above it`);
    expect(upwards).to.deep.equal([]);
  });

  it('keeps table/ free of openapi/, http/ and cli/, and model/ free of everything but errors/', () => {
    const offending = imports().filter(([from, to]) => {
      const [a, b] = [layerOf(from), layerOf(to)];
      return (a === 'table' && ['openapi', 'http', 'cli'].includes(b)) || (a === 'model' && !['model', 'errors'].includes(b));
    });
    expect(offending.map((pair) => pair.join(' imports '))).to.deep.equal([]);
  });

  it('keeps table/ and routing/ free of Koa: they are plain data and plain functions, tested without it', () => {
    const offending = Object.keys(tree)
      .filter((file) => ['table', 'routing'].includes(layerOf(file)))
      .filter((file) => /from '(?:koa|@koa\/[\w-]+|koa-[\w-]+)'/.test(readFileSync(join(root, file), 'utf8')));
    expect(Object.keys(tree).filter((file) => layerOf(file) === 'routing').length).to.be.at.least(5);
    expect(offending).to.deep.equal([]);
  });

  it('keeps tools off the runtime: they read app.routes and app.versioningInfo (docs/architecture.md#reading-routes-from-outside)', () => {
    const tools = ['client', 'compat', 'docs-page', 'cli', 'typegen', 'testing'];
    const schemes = /^src\/versioning\/(url-path|namespace|accept-header|host-name|query-parameter)\.ts$/;
    const offending = imports()
      .filter(([from]) => tools.includes(layerOf(from)))
      .filter(([from, to]) => to === 'src/runtime.ts' || (layerOf(from) !== 'typegen' && schemes.test(to)))
      .map(([from, to]) => `${from} imports ${to}`);
    expect(offending, 'tools reaching the runtime or telling schemes apart by class').to.deep.equal([]);
  });

  it('docs/architecture.md lists the layers as LAYERS does, in order', () => {
    const page = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
    const table = page.slice(page.indexOf('## Layers'), page.indexOf('## ', page.indexOf('## Layers') + 3));
    const listed = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1].matchAll(/`([\w-]+)(?:\/|\.ts)`/g)].map((match) => match[1]));
    expect(listed).to.deep.equal(LAYERS);
  });

  it('has no cast of ctx.app in src/: a module holding a request reads the app through appOf() or runtimeOf()', () => {
    const casts = Object.keys(tree)
      .filter((file) => file.startsWith('src/'))
      .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/\(\s*ctx\.app\s+as\b|<[\w.]+>\s*ctx\.app\b/g)].map(() => file));
    expect(casts).to.deep.equal([]);
  });

  it('keeps model/ to types: its files leave nothing at run time (no function, constant, class or value import)', () => {
    const model = join(root, 'src', 'model');
    const files = readdirSync(model).filter((name) => name.endsWith('.ts'));
    expect(files.length).to.be.at.least(10);
    const offending = files.flatMap((name) => runtimeStatements(readFileSync(join(model, name), 'utf8')).map((statement) => `src/model/${name}:${statement}`));
    expect(offending, 'runtime code in model/ (move it to the layer that runs it)').to.deep.equal([]);
  });

  it('the model check itself sees runtime statements and lets types pass', () => {
    const types = "import type { A } from './a';\nimport { type B } from './b';\nexport interface C { a: A; b: B }\nexport type D = C;\nexport declare namespace E { interface F {} }\nexport type { C as G };\n";
    expect(runtimeStatements(types)).to.deep.equal([]);
    const values = "import { ImproperlyConfigured } from '../errors';\nexport const A = Symbol('a');\nexport function b() {}\nexport class C {}\nexport enum D { E }\nimport './side-effect';\n";
    expect(runtimeStatements(values)).to.have.length(6);
  });

  it('the check itself sees a cycle made only of type imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a: A }\n");
      const probe = await parseDependencyTree('*.ts', { context: dir, cwd: dir, transform: false, skipDynamicImports: false });
      expect(parseCircular(probe)).to.have.length(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
