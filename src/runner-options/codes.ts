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
  REQUIRE_NOT_FOUND: 'error',
  ARRAY_EXTENDS: 'error',
  EXTENDS_NOT_FOUND: 'error',
  EXTENDS_CYCLE: 'error',
  INVALID_JSON: 'error',
  CANNOT_READ: 'error',
  UNKNOWN_OPTION: 'warning',
  API_ONLY_OPTION: 'warning',
  NON_NUMERIC_DIAGNOSTIC: 'warning',
  ESM_UNSUPPORTED: 'warning',
  COMPILER_NOT_RESOLVED: 'warning',
  SCHEMA_DEGRADED: 'warning',
} as const satisfies Record<string, 'error' | 'warning'>;

export function isWarning(problem: { code: string }): boolean {
  return (ProblemCodes as Record<string, string>)[problem.code] === 'warning';
}
