import { didYouMean } from '../util/suggest';
import type { Problem } from './problems';
import { jsonPath } from './problems';

/** The 24 keys ts-node 10.9.2 reads from the block (docs/reference/runner-options.md#the-24-keys). */
export const KNOWN_OPTIONS = [
  'compiler', 'compilerHost', 'compilerOptions', 'emit', 'esm', 'experimentalReplAwait', 'experimentalResolver',
  'experimentalSpecifierResolution', 'experimentalTsImportSpecifiers', 'files', 'ignore', 'ignoreDiagnostics', 'logError',
  'moduleTypes', 'preferTsExts', 'pretty', 'require', 'scope', 'scopeDir', 'skipIgnore', 'swc', 'transpileOnly',
  'transpiler', 'typeCheck',
] as const;

/** Keys ts-node accepts from its API or CLI only; in tsconfig it drops them silently. */
export const API_ONLY_OPTIONS = ['transformers', 'readFile', 'fileExists', 'skipProject', 'project', 'dir', 'cwd', 'projectSearchDir', 'optionBasePaths', 'tsTrace'];

type Block = Record<string, unknown>;

/**
 * The checks JSON Schema cannot express (docs/reference/runner-options.md#rules-json-schema-cannot-express): what
 * ts-node would throw at startup, and what it would silently ignore.
 */
export function extraRules(block: Block, target: string | undefined): Problem[] {
  return [...layerRules(block), ...combinedRules(block, target)];
}

/** Rules about one file's block on its own. */
export function layerRules(block: Block): Problem[] {
  return [...unknownKeys(block), ...diagnostics(block), ...esm(block)];
}

/** Rules about the options in force, after an `extends` chain is merged. */
export function combinedRules(block: Block, target: string | undefined): Problem[] {
  return [...replAwait(block, target), ...transpilerRules(block), ...ignorePatterns(block)];
}

function unknownKeys(block: Block): Problem[] {
  const problems: Problem[] = [];
  for (const key of Object.keys(block)) {
    if ((KNOWN_OPTIONS as readonly string[]).includes(key)) continue;
    if (API_ONLY_OPTIONS.includes(key)) {
      problems.push({ path: jsonPath(`/${key}`), code: 'API_ONLY_OPTION', message: `"${key}" is read from ts-node's API or command line only; in tsconfig.json it is ignored` });
      continue;
    }
    const [suggestion] = didYouMean(key, KNOWN_OPTIONS, { max: 1, within: Infinity });
    problems.push({ path: jsonPath(`/${key}`), code: 'UNKNOWN_OPTION', message: `"${key}" is not a ts-node option; ts-node ignores it`, suggestion });
  }
  return problems;
}

/** ts-node treats a missing target as ES5 (it sets it when unset). */
const TARGET_YEARS: Record<string, number> = { es3: 3, es5: 5, es6: 2015, esnext: Infinity };

export function targetYear(target: string): number | undefined {
  const lower = target.toLowerCase();
  if (lower in TARGET_YEARS) return TARGET_YEARS[lower];
  const year = /^es(20\d\d)$/.exec(lower);
  return year ? Number(year[1]) : undefined;
}

function replAwait(block: Block, contextTarget: string | undefined): Problem[] {
  if (block.experimentalReplAwait !== true) return [];
  const own = (block.compilerOptions as Block | undefined)?.target;
  const target = typeof own === 'string' ? own : (contextTarget ?? 'es5');
  const year = targetYear(target);
  if (year === undefined || year >= 2018) return [];
  return [
    {
      path: jsonPath('/experimentalReplAwait'),
      code: 'REPL_AWAIT_TARGET',
      message: `Experimental REPL await is not compatible with targets lower than ES2018 (the effective target is ${target})`,
      suggestion: 'set compilerOptions.target to es2018 or later, or remove experimentalReplAwait',
    },
  ];
}

function transpilerRules(block: Block): Problem[] {
  const problems: Problem[] = [];
  const typeCheck = block.typeCheck === true;
  if (block.swc && block.transpileOnly === false && !block.typeCheck) {
    problems.push({ path: jsonPath('/swc'), code: 'SWC_WITHOUT_TRANSPILE_ONLY', message: "Cannot enable 'swc' option with 'transpileOnly: false'.  'swc' implies 'transpileOnly'." });
  }
  if (block.swc && block.transpiler) {
    problems.push({ path: jsonPath('/transpiler'), code: 'SWC_WITH_TRANSPILER', message: "Cannot specify both 'swc' and 'transpiler' options.  'swc' uses the built-in swc transpiler." });
  }
  const transpileOnly = (block.transpileOnly === true || block.swc === true) && !typeCheck;
  if (block.swc && !block.transpiler && !transpileOnly && !(block.transpileOnly === false && !block.typeCheck)) {
    problems.push({
      path: jsonPath('/swc'),
      code: 'SWC_WITH_TYPE_CHECK',
      message: "'swc' uses ts-node's bundled transpiler, and a custom transpiler can only be used when transpileOnly is enabled (typeCheck: true turns it off).",
      suggestion: 'remove "typeCheck": true, or remove "swc"',
    });
  }
  if (block.transpiler && !transpileOnly) {
    problems.push({
      path: jsonPath('/transpiler'),
      code: 'TRANSPILER_WITHOUT_TRANSPILE_ONLY',
      message: 'Custom transpiler can only be used when transpileOnly is enabled.',
      suggestion: 'add "transpileOnly": true',
    });
  }
  return problems;
}

/** ts-node compiles the `ignore` in force, unless `skipIgnore` replaces it with nothing. */
function ignorePatterns(block: Block): Problem[] {
  if (!Array.isArray(block.ignore) || block.skipIgnore) return [];
  const problems: Problem[] = [];
  block.ignore.forEach((pattern, index) => {
    if (typeof pattern !== 'string') return;
    try {
      new RegExp(pattern);
    } catch (error) {
      problems.push({ path: jsonPath(`/ignore/${index}`), code: 'INVALID_IGNORE_PATTERN', message: `is not a valid regular expression: ${(error as Error).message}` });
    }
  });
  return problems;
}

function diagnostics(block: Block): Problem[] {
  if (!Array.isArray(block.ignoreDiagnostics)) return [];
  const problems: Problem[] = [];
  block.ignoreDiagnostics.forEach((code, index) => {
    if (typeof code !== 'string' || code.trim() !== '' && !Number.isNaN(Number(code))) return;
    const digits = /^\s*ts(\d+)\s*$/i.exec(code)?.[1];
    problems.push({
      path: jsonPath(`/ignoreDiagnostics/${index}`),
      code: 'NON_NUMERIC_DIAGNOSTIC',
      message: `"${code}" is not a number: ts-node turns it into NaN and ignores nothing`,
      ...(digits ? { suggestion: digits } : {}),
    });
  });
  return problems;
}

function esm(block: Block): Problem[] {
  const major = Number(process.versions.node.split('.')[0]);
  if (block.esm !== true || major < 20) return [];
  return [
    { path: jsonPath('/esm'), code: 'ESM_UNSUPPORTED', message: `ts-node 10.9.2's "esm" re-launch fails on Node ${major} (ERR_UNKNOWN_FILE_EXTENSION)`, suggestion: 'run node --loader ts-node/esm instead' },
  ];
}
