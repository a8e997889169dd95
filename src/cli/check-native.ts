import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { MAX_CHAIN } from '../runner-options/chain';
import { WHY } from '../runner-options/decorators';
import type { Problem } from '../runner-options/problems';
import { trapProblems } from '../runner-options/traps';
import { validateRunnerOptions } from '../runner-options/validate';
import { parseJsonc } from './jsonc';
import { resolveFrom, versionFrom, type ProjectTypeScript } from './project';
import { tscVerdictByCli } from './tsc';

interface Layer {
  file: string;
  json: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `waymark check-config` for a TypeScript without the JavaScript API (7):
 * the options judged by the project's own `tsc` (tsc.ts), what waymark's
 * decorators need and the traps judged on what `tsc --showConfig` shows, each
 * `"ts-node"` block of the chain checked as written, and one error when there
 * is a block: ts-node 10 cannot run on this TypeScript (docs/ts-node.md#typescript-7).
 */
export function checkWithoutApi(file: string, ts: ProjectTypeScript): Problem[] {
  const { problems, shown } = tscVerdictByCli(ts, file);
  const options = shown?.compilerOptions ?? {};
  const traps = shown === null ? [] : trapProblems(shown, file, ts.major);
  const codes = new Set([...problems, ...traps].map((problem) => problem.code));
  const found = problems.filter((problem) => !(problem.code === 'TS5011' && codes.has('ROOT_DIR_UNSET')));
  if (shown !== null) {
    if (options.experimentalDecorators !== true && !codes.has('TS5052') && !codes.has('NATIVE_DECORATORS')) {
      found.push({ file, path: '$.compilerOptions', ...WHY.experimentalDecorators, suggestion: '"experimentalDecorators": true' });
    }
    if (options.emitDecoratorMetadata !== true) found.push({ file, path: '$.compilerOptions', ...WHY.emitDecoratorMetadata, suggestion: '"emitDecoratorMetadata": true' });
  }
  return [...found, ...traps, ...blockProblems(chain(file), ts, String(options.target ?? ''))];
}

/** Every `"ts-node"` block as written, then whether ts-node could run at all. */
function blockProblems(layers: readonly Layer[], ts: ProjectTypeScript, target: string): Problem[] {
  const problems: Problem[] = [];
  const declaring = layers.filter((layer) => layer.json['ts-node'] !== undefined && layer.json['ts-node'] !== null);
  for (const layer of declaring) {
    const { errors, warnings } = validateRunnerOptions(layer.json['ts-node'], target === '' ? {} : { target });
    for (const problem of [...errors, ...warnings]) problems.push({ ...problem, file: layer.file, path: problem.path.replace(/^\$/, '$["ts-node"]') });
  }
  const last = declaring[declaring.length - 1];
  if (last === undefined) return problems;
  // ts-node's "compiler" may name a TypeScript 5 or 6 installed under another name: then it runs.
  const withCompiler = [...declaring].reverse().find((layer) => isObject(layer.json['ts-node']) && typeof layer.json['ts-node'].compiler === 'string');
  const compiler = withCompiler ? String((withCompiler.json['ts-node'] as Record<string, unknown>).compiler) : 'typescript';
  const version = versionFrom(dirname((withCompiler ?? last).file), compiler);
  if (version !== null && Number.parseInt(version, 10) < 7) return problems;
  problems.push({
    file: last.file,
    path: '$["ts-node"]',
    code: 'TSNODE_NEEDS_TYPESCRIPT_API',
    message: `ts-node 10 needs TypeScript's JavaScript API, which TypeScript 7 does not have (this project has typescript ${ts.version}): ts-node cannot run this project`,
    suggestion: 'load .ts files with tsx (docs/cli.md#loading-typescript) and remove the "ts-node" block, or set its "compiler" to a TypeScript 5 or 6 installed under another name',
  });
  return problems;
}

/** The tsconfig.json files of the `extends` chain, root first, read as JSON with comments; a file that does not read ends it (tsc reports why). */
function chain(file: string): Layer[] {
  const layers: Layer[] = [];
  const pending = [file];
  const seen = new Set<string>();
  while (pending.length > 0 && layers.length < MAX_CHAIN) {
    const current = pending.shift() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    let json: unknown;
    try {
      json = parseJsonc(readFileSync(current, 'utf8')).value;
    } catch {
      continue;
    }
    if (!isObject(json)) continue;
    layers.push({ file: current, json });
    const bases = Array.isArray(json.extends) ? json.extends : [json.extends];
    for (const base of bases) if (typeof base === 'string') pending.push(...[resolveBase(base, dirname(current))].filter((path): path is string => path !== null));
  }
  return layers;
}

/** Where `"extends": specifier` points, as TypeScript finds it: a path (with `.json` added when missing), or a package's file. */
function resolveBase(specifier: string, dir: string): string | null {
  const spec = specifier.replace(/\\/g, '/');
  if (isAbsolute(spec) || spec.startsWith('./') || spec.startsWith('../')) {
    const path = resolve(dir, spec);
    if (existsSync(path)) return path;
    return existsSync(`${path}.json`) ? `${path}.json` : null;
  }
  return resolveFrom(dir, spec) ?? resolveFrom(dir, `${spec}.json`) ?? resolveFrom(dir, `${spec}/tsconfig.json`);
}
