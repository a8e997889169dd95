import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** mulberry32: a seeded PRNG, so a run can be repeated from its seed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick, chance: (p: number) => next() < p, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}
type Rng = ReturnType<typeof prng>;

export interface ProjectSpec {
  id: number;
  /** Absolute directory of the project; the root tsconfig is `dir/tsconfig.json`. */
  dir: string;
  root: string;
  files: Record<string, string | Buffer>;
  /** Absolute paths whose isIgnored / moduleTypeOf are compared. */
  probes: string[];
  /** What the generator put in, for reading a disagreement. */
  notes: string[];
}

const NULL = Symbol('null');
const BOOLEANS = ['compilerHost', 'emit', 'esm', 'experimentalReplAwait', 'experimentalResolver', 'experimentalTsImportSpecifiers', 'files', 'logError', 'preferTsExts', 'pretty', 'scope', 'skipIgnore', 'swc', 'transpileOnly', 'typeCheck'];

/** Valid values first, then invalid ones; `abs` is the project directory (for absolute keys). */
function values(option: string, abs: string): { valid: unknown[]; invalid: unknown[] } {
  if (BOOLEANS.includes(option)) return { valid: [true, false], invalid: ['true', 1, 'yes', []] };
  switch (option) {
    case 'compiler': return { valid: ['typescript', './local-ts.js'], invalid: ['no-such-compiler', 5] };
    case 'compilerOptions': return { valid: [{}, { strict: true }, { target: 'es2018' }, { target: 'ES2022', module: 'commonjs' }, { rootDir: 'src' }], invalid: [{ stict: true }, { target: 'es2099' }, { strict: 'true' }, 'x', []] };
    case 'experimentalSpecifierResolution': return { valid: ['node', 'explicit'], invalid: ['Node', 5] };
    case 'ignore': return { valid: [['^gen/'], [], ['(?:^|/)node_modules/', 'dist'], ['\\.cts$']], invalid: [['(unclosed'], 'node_modules', [1]] };
    case 'ignoreDiagnostics': return { valid: [[2307], ['2307'], [5023, 6046, 5024, 5025]], invalid: [['TS2307'], 2307, [true]] };
    case 'moduleTypes': return {
      valid: [{ 'src/esm/': 'esm' }, { 'src/**/*.cts': 'cjs', 'src/legacy': 'cjs', 'src/legacy/keep': 'package' }, { [join(abs, 'src', 'esm')]: 'cjs' }, { '': 'esm' }, { 'src\\win': 'esm' }, { '**/*.mts': 'esm', '.': 'cjs' }],
      invalid: [{ x: 'commonjs' }, ['cjs'], { 'src/esm': 1 }],
    };
    case 'require': return { valid: [['./setup.js'], [], ['./setup']], invalid: [['./missing.js'], './setup.js', [5]] };
    case 'scopeDir': return { valid: ['src', '.', '', 'src/esm', '..'], invalid: [true] };
    case 'transpiler': return {
      valid: [
        './my-transpiler.js',
        ['./my-transpiler.js', {}],
        ['./my-transpiler.js', { x: 1 }, 'more', {}],
        // ts-node's swc transpiler loads its backend at start-up: the swc option's module, else @swc/core or @swc/wasm (none installed here).
        ['ts-node/transpilers/swc', { swc: './local-swc.js' }],
        ['ts-node/transpilers/swc', { swc: '@swc/core' }],
        'ts-node/transpilers/swc',
      ],
      invalid: ['no-such-transpiler', 5, ['./my-transpiler.js'], ['./my-transpiler.js', 'x']],
    };
    default: return { valid: [], invalid: [] };
  }
}

const OPTIONS = [...BOOLEANS, 'compiler', 'compilerOptions', 'experimentalSpecifierResolution', 'ignore', 'ignoreDiagnostics', 'moduleTypes', 'require', 'scopeDir', 'transpiler'];

function block(rng: Rng, abs: string, notes: string[], where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const count = rng.int(0, 4);
  for (let i = 0; i < count; i++) {
    const option = rng.pick(OPTIONS);
    const { valid, invalid } = values(option, abs);
    const roll = rng.next();
    const value = roll < 0.12 ? NULL : roll < 0.9 ? rng.pick(valid) : rng.pick(invalid);
    out[option] = value === NULL ? null : value;
    notes.push(`${where}.${option}=${JSON.stringify(out[option])}`);
  }
  if (rng.chance(0.08)) out[rng.pick(['transpileonly', 'project', 'foo'])] = true;
  return out;
}

function compilerOptions(rng: Rng): Record<string, unknown> | undefined {
  if (rng.chance(0.1)) return rng.pick([{ stict: true }, { strict: 'true' }, { target: 'es2099' }, { declaration: 'yes' }, { module: 'nodenext', moduleResolution: 'node10' }]);
  return rng.pick([undefined, undefined, { target: 'es2020' }, { target: 'es2017' }, { strict: true, rootDir: 'src' }, { module: 'esnext', target: 'esnext' }, { rootDir: '.' }]);
}

/** The text of a tsconfig: JSON, sometimes with comments and trailing commas, in one of the encodings TypeScript reads. */
function encode(rng: Rng, json: Record<string, unknown>, notes: string[], where: string): string | Buffer {
  if (rng.chance(0.03)) {
    notes.push(`${where}:empty`);
    return '';
  }
  let text = JSON.stringify(json, null, 2);
  if (rng.chance(0.3)) {
    text = `// generated\n${text.replace(/\n(\s*)"/, '\n$1/* c */ "').replace(/\n}$/, ',\n}')}`;
    notes.push(`${where}:jsonc`);
  }
  const encoding = rng.pick(['utf8', 'utf8', 'utf8', 'bom', 'utf16le', 'utf16be']);
  if (encoding !== 'utf8') notes.push(`${where}:${encoding}`);
  if (encoding === 'bom') return `\ufeff${text}`;
  if (encoding === 'utf8') return text;
  const bytes = Buffer.from(text, 'utf16le');
  if (encoding === 'utf16be') for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1], bytes[i]];
  return Buffer.concat([Buffer.from(encoding === 'utf16le' ? [0xff, 0xfe] : [0xfe, 0xff]), bytes]);
}

/** Where layer `i` lives and how the layer before it (at `from`, relative to the project) refers to it. */
function baseLink(rng: Rng, dir: string, i: number, from: string, files: Record<string, string | Buffer>, notes: string[]): { path: string; specifier: string } {
  const kind = rng.pick(['relative', 'relative', 'relative-no-ext', 'windows', 'absolute', 'parent', 'pkg-tsconfig-field', 'pkg-exports', 'pkg-main-json', 'pkg-path', 'pkg-dir']);
  notes.push(`extends#${i}:${kind}`);
  const pkg = `node_modules/shared${i}`;
  const relativeTo = (path: string) => {
    const relative = posix.relative(posix.dirname(from), path);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  switch (kind) {
    case 'relative': return { path: `base${i}/tsconfig.json`, specifier: relativeTo(`base${i}/tsconfig.json`) };
    case 'relative-no-ext': return { path: `base${i}/tsconfig.json`, specifier: relativeTo(`base${i}/tsconfig`) };
    case 'windows': return { path: `base${i}/tsconfig.json`, specifier: relativeTo(`base${i}/tsconfig.json`).replace(/\//g, '\\') };
    case 'absolute': return { path: `base${i}/tsconfig.json`, specifier: join(dir, `base${i}`, 'tsconfig.json') };
    case 'parent': return { path: `../up${i}.json`, specifier: relativeTo(`../up${i}.json`) };
    case 'pkg-tsconfig-field':
      files[`${pkg}/package.json`] = JSON.stringify({ name: `shared${i}`, tsconfig: './configs/base.json' });
      return { path: `${pkg}/configs/base.json`, specifier: `shared${i}` };
    case 'pkg-exports':
      files[`${pkg}/package.json`] = JSON.stringify({ name: `shared${i}`, exports: { './node': './configs/node.json' } });
      return { path: `${pkg}/configs/node.json`, specifier: `shared${i}/node` };
    case 'pkg-main-json':
      files[`${pkg}/package.json`] = JSON.stringify({ name: `shared${i}`, main: 'base.json' });
      return { path: `${pkg}/base.json`, specifier: `shared${i}` };
    case 'pkg-path': return { path: `${pkg}/tsconfig.base.json`, specifier: `shared${i}/tsconfig.base.json` };
    default:
      files[`${pkg}/package.json`] = JSON.stringify({ name: `shared${i}` });
      return { path: `${pkg}/tsconfig.json`, specifier: `shared${i}` };
  }
}

const PROBES = ['src/a.ts', 'src/esm/a.ts', 'src/esm/deep/b.mts', 'src/legacy/c.ts', 'src/legacy/keep/d.ts', 'src/x.cts', 'src/win/a.ts', 'node_modules/x/index.ts', '../node_modules/y.ts', 'gen/a.ts', 'dist/a.ts', 'src/.hidden/a.ts', '.config/a.ts', 'a.ts', 'src/my_node_modules/x.ts', 'base1/x.ts', '../outside/z.ts'];

/** One generated project, chains of 1 to 4 files, written under `dir`. */
export function generate(id: number, seed: number, dir: string): ProjectSpec {
  const rng = prng(seed * 100_003 + id);
  const notes: string[] = [];
  const files: Record<string, string | Buffer> = {
    'setup.js': '',
    'local-ts.js': `module.exports = require(${JSON.stringify(require.resolve('typescript'))});`,
    'my-transpiler.js': 'exports.create = () => ({ transpile: (code) => ({ outputText: code }) });',
    'local-swc.js': "exports.transformSync = (code) => ({ code, map: '' });",
  };
  const depth = rng.int(1, 4);
  const layers: { path: string; json: Record<string, unknown> }[] = [{ path: 'tsconfig.json', json: {} }];
  for (let i = 1; i < depth; i++) {
    const link = baseLink(rng, dir, i, layers[i - 1].path, files, notes);
    layers[i - 1].json.extends = link.specifier;
    layers.push({ path: link.path, json: {} });
  }
  layers.forEach((layer, index) => {
    const where = index === 0 ? 'root' : `base${index}`;
    const options = compilerOptions(rng);
    if (options) layer.json.compilerOptions = options;
    if (rng.chance(0.85)) layer.json['ts-node'] = block(rng, dir, notes, where);
    else if (rng.chance(0.3)) layer.json['ts-node'] = rng.pick([null, true, 'x', []]);
    if (options) notes.push(`${where}.compilerOptions=${JSON.stringify(options)}`);
  });
  layers.forEach((layer, index) => {
    const text = encode(rng, layer.json, notes, index === 0 ? 'root' : `base${index}`);
    files[layer.path] = text;
  });
  return { id, dir, root: join(dir, 'tsconfig.json'), files, probes: PROBES.map((p) => join(dir, p)), notes };
}

/** Projects that exercise a single known hazard each. */
export function specials(first: number, root: string): ProjectSpec[] {
  const make = (name: string, files: Record<string, string | Buffer>, index: number): ProjectSpec => ({ id: first + index, dir: join(root, name), root: join(root, name, 'tsconfig.json'), files, probes: [], notes: [name] });
  return [
    make('cycle', { 'tsconfig.json': '{"extends":"./a.json"}', 'a.json': '{"extends":"./tsconfig.json"}' }, 0),
    make('array-extends', { 'tsconfig.json': '{"extends":["./a.json"]}', 'a.json': '{}' }, 1),
    make('deep-nesting', { 'tsconfig.json': `{"x":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}` }, 2),
    make('swc-without-core', { 'tsconfig.json': '{"ts-node":{"swc":true}}' }, 3),
    make('swc-type-check', { 'tsconfig.json': '{"ts-node":{"swc":true,"typeCheck":true}}' }, 4),
    make('top-level-typo', { 'tsconfig.json': '{"compilerOptions":{"stict":true}}' }, 5),
    make('empty', { 'tsconfig.json': '' }, 6),
    make('swc-transpiler-backend-missing', { 'tsconfig.json': '{"ts-node":{"transpileOnly":true,"transpiler":["ts-node/transpilers/swc",{"swc":"@swc/core"}]}}' }, 7),
    make('swc-transpiler-without-core', { 'tsconfig.json': '{"ts-node":{"transpileOnly":true,"transpiler":"ts-node/transpilers/swc"}}' }, 8),
  ];
}

/** Writes a project's files (a `../` path lands beside the project directory). */
export function write(spec: ProjectSpec): void {
  for (const [path, content] of Object.entries(spec.files)) {
    const target = join(spec.dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}
