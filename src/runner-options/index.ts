/**
 * `waymark/runner-options`: the schema, validator and reader of the
 * `"ts-node"` block of tsconfig.json (see schema/, docs/ts-node.md and docs/reference/runner-options.md).
 */
export { validateRunnerOptions, type ValidationResult } from './validate';
export { readRunnerOptions, checkProject, RunnerOptionsError, type ResolvedRunnerOptions, type ProjectCheck } from './read';
export { MAX_CHAIN, MAX_NESTING } from './limits';
export type { Problem } from './problems';
export type { ModuleType } from './limits';
export { KNOWN_OPTIONS } from './rules';
export { ProblemCodes } from './codes';
