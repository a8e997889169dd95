import { isDeepStrictEqual } from 'node:util';
import type { ProjectCheck } from '../../../src/runner-options';
import type { ProjectSpec } from './generate';
import type { TsNodeResult } from './tsnode';

/**
 * The intentional differences between waymark and ts-node 10.9.2, each with
 * its reason. A disagreement that none of these explains fails the test.
 */
export const EXCEPTIONS = {
  'stricter-types':
    "waymark's stricter value types (docs/reference/runner-options.md#where-waymark-differs-from-ts-node): waymark rejects a wrong type, a moduleTypes value outside cjs|esm|package, a one-item transpiler, a non-object block; ts-node runs on, ignoring or mis-reading the value",
  'typeCheck-default-true': "docs/reference/runner-options.md#defaults gives typeCheck the default true; ts-node leaves it undefined (only typeCheck === true changes anything, so both type-check)",
  'tsnode-hangs-on-extends-cycle': 'ts-node 10.9.2 follows a cyclic extends chain forever (its own while(true) loop); waymark reports EXTENDS_CYCLE',
  'tsnode-extends-resolver-ignores-exports':
    "ts-node 10.9.2 finds a package base with its copy of TypeScript 4.3's node10 resolver, which ignores package.json exports; TypeScript 5.9 (tsc) follows exports, and so does waymark (docs/reference/runner-options.md#reading-files-and-extends)",
  'tsc-verdict-on-the-file':
    "TypeScript's diagnostics on the file as tsc reports them (docs/reference/runner-options.md#compiler-options), which ts-node never sees: it replaces top-level compilerOptions by the block's and its forced values (declaration: false...) before TypeScript checks them",
  'tsnode-silences-config-diagnostics': "ts-node drops TypeScript's config diagnostics listed in ignoreDiagnostics, and with logError prints them and runs on; tsc, and waymark, report them",
} as const;

export type ExceptionName = keyof typeof EXCEPTIONS;
export type Verdict = { kind: 'agree' } | { kind: 'exception'; names: ExceptionName[] } | { kind: 'unexplained'; differences: string[] };

const SCHEMA_CODES = new Set(['INVALID_TYPE', 'INVALID_VALUE', 'INVALID_FORM', 'TOO_FEW_ITEMS']);
const BOOLEANS = ['compilerHost', 'emit', 'esm', 'experimentalResolver', 'experimentalTsImportSpecifiers', 'files', 'logError', 'preferTsExts', 'pretty', 'scope', 'skipIgnore', 'swc', 'transpileOnly'] as const;

const undef = (value: unknown) => (value === '<undefined>' ? undefined : value);

/** Why waymark reports an error ts-node did not throw for, or null when nothing explains it. */
function explainError(code: string, ts: TsNodeResult): ExceptionName | null {
  if (SCHEMA_CODES.has(code)) return 'stricter-types';
  const diagnostic = /^TS(\d+)$/.exec(code);
  if (!diagnostic) return null;
  const number = Number(diagnostic[1]);
  const options = ts.options ?? {};
  const ignored = Array.isArray(options.ignoreDiagnostics) ? options.ignoreDiagnostics.map(Number) : [];
  if (ignored.includes(number) || (options.logError && options.logError !== '<undefined>')) return 'tsnode-silences-config-diagnostics';
  if (ts.tsc?.includes(number)) return 'tsc-verdict-on-the-file';
  return null;
}

function compareFailures(ts: TsNodeResult, waymark: ProjectCheck): Verdict {
  const codes = waymark.errors.map((e) => e.code);
  if (!ts.ok && codes.length > 0) {
    if (ts.timedOut) return codes.includes('EXTENDS_CYCLE') ? { kind: 'exception', names: ['tsnode-hangs-on-extends-cycle'] } : { kind: 'unexplained', differences: [`ts-node timed out; waymark: ${codes}`] };
    return { kind: 'agree' };
  }
  if (!ts.ok) {
    if (ts.codes?.includes(6053) && !ts.tsc?.includes(6053)) return { kind: 'exception', names: ['tsnode-extends-resolver-ignores-exports'] };
    return { kind: 'unexplained', differences: [`ts-node threw (${ts.error}); waymark reports no error`] };
  }
  const names = waymark.errors.map((e) => explainError(e.code, ts));
  if (names.includes(null)) return { kind: 'unexplained', differences: waymark.errors.filter((_, i) => names[i] === null).map((e) => `waymark: ${e.code} ${e.path} ${e.message}; ts-node ran`) };
  return { kind: 'exception', names: [...new Set(names as ExceptionName[])] };
}

/** What waymark reports in place of TypeScript's diagnostics about reading the chain itself. */
const CHAIN_CODES: Record<number, string> = { 6053: 'EXTENDS_NOT_FOUND', 5083: 'CANNOT_READ', 18000: 'EXTENDS_CYCLE' };
const READING = new Set(['EXTENDS_NOT_FOUND', 'CANNOT_READ', 'EXTENDS_CYCLE', 'EXTENDS_TOO_DEEP', 'ARRAY_EXTENDS', 'INVALID_JSON', 'NESTING_TOO_DEEP']);

/** Decision 8: every diagnostic tsc reports on the project file, waymark reports too (once the chain reads). */
function missedTscDiagnostics(ts: TsNodeResult, waymark: ProjectCheck): string[] {
  const ours = new Set(waymark.errors.map((e) => e.code));
  if ([...ours].some((code) => READING.has(code))) return [];
  return (ts.tsc ?? []).filter((code) => !ours.has(`TS${code}`) && !ours.has(CHAIN_CODES[code as number] ?? '')).map((code) => `tsc reports TS${code}; waymark does not`);
}

/** Compares one project: failure, effective options, resolved paths, and every probe. */
export function compare(spec: ProjectSpec, ts: TsNodeResult, waymark: ProjectCheck): Verdict {
  const missed = missedTscDiagnostics(ts, waymark);
  if (missed.length > 0) return { kind: 'unexplained', differences: missed };
  if (!ts.ok || waymark.errors.length > 0) return compareFailures(ts, waymark);
  const wm = waymark.options!;
  const o = ts.options ?? {};
  const differences: string[] = [];
  const names = new Set<ExceptionName>();
  const same = (what: string, theirs: unknown, ours: unknown) => {
    if (!isDeepStrictEqual(theirs, ours)) differences.push(`${what}: ts-node ${JSON.stringify(theirs)}, waymark ${JSON.stringify(ours)}`);
  };
  for (const key of BOOLEANS) same(key, undef(o[key]) === true, wm[key]);
  if ((undef(o.typeCheck) === true) !== wm.typeCheck) {
    if (undef(o.typeCheck) == null && wm.typeCheck) names.add('typeCheck-default-true');
    else same('typeCheck', o.typeCheck, wm.typeCheck);
  }
  same('experimentalReplAwait (in force)', ts.shouldReplAwait, wm.experimentalReplAwait);
  same('experimentalSpecifierResolution', undef(o.experimentalSpecifierResolution) ?? undefined, wm.experimentalSpecifierResolution);
  same('ignore', undef(o.ignore) || ['(?:^|/)node_modules/'], wm.ignore);
  same('ignoreDiagnostics', undef(o.ignoreDiagnostics) || [], wm.ignoreDiagnostics);
  same('require', undef(o.require) || [], wm.require);
  same('moduleTypes', undef(o.moduleTypes) ?? {}, wm.moduleTypes);
  same('compilerOptions', undef(o.compilerOptions) ?? {}, wm.compilerOptions);
  same('compiler', ts.compiler, wm.compiler);
  if (ts.transpiler) same('transpiler', ts.transpiler, typeof wm.transpiler === 'string' ? wm.transpiler : wm.transpiler?.[0]);
  same('target', ts.target, wm.target);
  same('scopeDir', ts.scopeDir, wm.scopeDir);
  spec.probes.forEach((path, index) => {
    same(`isIgnored(${path})`, ts.ignored?.[index], wm.isIgnored(path));
    same(`moduleTypeOf(${path})`, ts.moduleTypes?.[index] === 'auto' ? 'package' : ts.moduleTypes?.[index], wm.moduleTypeOf(path));
  });
  if (differences.length > 0) return { kind: 'unexplained', differences };
  return names.size > 0 ? { kind: 'exception', names: [...names] } : { kind: 'agree' };
}
