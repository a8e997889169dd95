import { isWarning } from './codes';
import { fromAjv, type Problem } from './problems';
import { extraRules } from './rules';
import { schemas } from './schema';

export interface ValidationResult {
  valid: boolean;
  errors: Problem[];
  warnings: Problem[];
}


/**
 * Checks a `"ts-node"` block: ajv against `schema/ts-node.schema.json`, then
 * the rules JSON Schema cannot express. `context.target` is the effective
 * compile target (ts-node's default is ES5). The block must be an object: `null`,
 * `true` or `[]` are invalid, as the schema says.
 *
 * @example
 * const result = validateRunnerOptions({ transpileOnly: 'yes' });
 * assert.equal(result.valid, false);
 * assert.deepEqual(result.errors.map((e) => [e.path, e.code]), [['$.transpileOnly', 'INVALID_TYPE']]);
 * assert.equal(validateRunnerOptions(null).valid, false);
 */
export function validateRunnerOptions(block: unknown, context: { target?: string } = {}): ValidationResult {
  const value = block;
  const { block: validate } = schemas();
  const problems: Problem[] = [];
  if (!validate(value)) problems.push(...fromAjv(validate.errors ?? [], value));
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) problems.push(...extraRules(value as Record<string, unknown>, context.target));
  const errors = problems.filter((problem) => !isWarning(problem));
  const warnings = problems.filter(isWarning);
  return { valid: errors.length === 0, errors, warnings };
}
