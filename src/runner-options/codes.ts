/**
 * Every code the runner-option checks report, with its severity: an error
 * means ts-node would fail or misbehave; a warning means it would run but
 * silently ignore something.
 */
export const ProblemCodes = {
  INVALID_TYPE: 'error',
  INVALID_VALUE: 'error',
  INVALID_FORM: 'error',
  TOO_FEW_ITEMS: 'error',
  REPL_AWAIT_TARGET: 'error',
  SWC_WITHOUT_TRANSPILE_ONLY: 'error',
  SWC_WITH_TRANSPILER: 'error',
  TRANSPILER_WITHOUT_TRANSPILE_ONLY: 'error',
  INVALID_IGNORE_PATTERN: 'error',
  SWC_WITH_TYPE_CHECK: 'error',
  SWC_NOT_FOUND: 'error',
  COMPILER_NOT_FOUND: 'error',
  TRANSPILER_NOT_FOUND: 'error',
  TYPESCRIPT_NOT_FOUND: 'error',
  REQUIRE_NOT_FOUND: 'error',
  ARRAY_EXTENDS: 'error',
  EXTENDS_NOT_FOUND: 'error',
  EXTENDS_CYCLE: 'error',
  EXTENDS_TOO_DEEP: 'error',
  NESTING_TOO_DEEP: 'error',
  INVALID_JSON: 'error',
  CANNOT_READ: 'error',
  DECORATORS_DISABLED: 'error',
  NATIVE_DECORATORS: 'error',
  VERBATIM_MODULE_SYNTAX_COMMONJS: 'error',
  ROOT_DIR_UNSET: 'error',
  TSNODE_NEEDS_TYPESCRIPT_API: 'error',
  TSC_FAILED: 'error',
  UNKNOWN_OPTION: 'warning',
  API_ONLY_OPTION: 'warning',
  NON_NUMERIC_DIAGNOSTIC: 'warning',
  ESM_UNSUPPORTED: 'warning',
  EMPTY_SCOPE_DIR: 'warning',
  DECORATOR_METADATA_DISABLED: 'warning',
} as const satisfies Record<string, 'error' | 'warning'>;

/**
 * Problems from TypeScript's own checks are coded `TS` and the diagnostic
 * number (`TS5023`); they are errors, as they are for `tsc` and ts-node.
 */
export function isWarning(problem: { code: string }): boolean {
  return (ProblemCodes as Record<string, string>)[problem.code] === 'warning';
}
