import { readLayer, type Layer } from './source';
import type { Problem } from './problems';
import type { TypeScript } from './typescript';

import { MAX_CHAIN } from './limits';

export { MAX_CHAIN };

/**
 * Follows `extends` from `file`, reading every file of the chain; returns the
 * layers base first, root last. Each link resolves as TypeScript resolves it;
 * a cycle, an over-long chain, an array `extends` (ts-node 10.9.2 crashes on
 * it) or a base that is not found adds a problem naming the file and ends the chain.
 */
export function loadChain(ts: TypeScript, file: string, problems: Problem[]): Layer[] {
  const layers: Layer[] = [];
  const seen = new Set<string>();
  let next: string | undefined = file;
  while (next !== undefined) {
    const current: string = next;
    next = undefined;
    if (seen.has(current)) {
      const from = layers[layers.length - 1];
      problems.push({ file: from.file, path: '$.extends', code: 'EXTENDS_CYCLE', message: `extends loops back to ${current}` });
      break;
    }
    if (layers.length >= MAX_CHAIN) {
      problems.push({ file: layers[layers.length - 1].file, path: '$.extends', code: 'EXTENDS_TOO_DEEP', message: `the extends chain from ${file} is longer than ${MAX_CHAIN} files` });
      break;
    }
    seen.add(current);
    const layer = readLayer(ts, current);
    if (!('source' in layer)) {
      problems.push(layer);
      break;
    }
    layers.push(layer);
    const base = layer.json.extends;
    if (base === undefined || base === null) break;
    if (Array.isArray(base)) {
      problems.push({ file: current, path: '$.extends', code: 'ARRAY_EXTENDS', message: 'an array in "extends" crashes ts-node 10.9.2 (TypeError: value.replace is not a function)', suggestion: 'extend one file, which may itself extend another' });
      break;
    }
    if (typeof base !== 'string') {
      problems.push({ file: current, path: '$.extends', code: 'INVALID_TYPE', message: `must be a string, got ${typeof base}` });
      break;
    }
    next = resolveExtends(ts, base, layer.dir);
    if (next === undefined) problems.push({ file: current, path: '$.extends', code: 'EXTENDS_NOT_FOUND', message: `File '${base}' not found. (TypeScript resolves it from ${layer.dir})` });
  }
  return layers.reverse();
}

/**
 * Where TypeScript finds the base of `"extends": specifier` written in `dir`:
 * TypeScript's own steps (its `getExtendsConfigPath`, which it does not export)
 * built from the functions it does: separators normalised, a rooted or `./`
 * `../` path taken as is or with `.json` added, anything else resolved as a
 * package by `nodeNextJsonConfigResolver` (`tsconfig` field, `exports`, `main`).
 */
export function resolveExtends(ts: TypeScript, specifier: string, dir: string): string | undefined {
  const spec = ts.normalizeSlashes(specifier);
  if (ts.isRootedDiskPath(spec) || spec.startsWith('./') || spec.startsWith('../')) {
    const path = ts.getNormalizedAbsolutePath(spec, dir);
    if (ts.sys.fileExists(path) || path.endsWith('.json')) return path;
    return ts.sys.fileExists(`${path}.json`) ? `${path}.json` : undefined;
  }
  return ts.nodeNextJsonConfigResolver(spec, ts.combinePaths(dir, 'tsconfig.json'), ts.sys).resolvedModule?.resolvedFileName;
}
