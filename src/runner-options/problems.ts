import type { ErrorObject } from 'ajv';

/** One finding of the validator: where (a JSON path), what, and a stable code. */
export interface Problem {
  path: string;
  message: string;
  code: string;
  /** What to write instead, when there is an obvious fix. */
  suggestion?: string;
  /** The tsconfig file the problem is in (from `readRunnerOptions` and the CLI). */
  file?: string;
}

/** `$.ignore[0]`, `$["ts-node"].require`: a JSON path from a JSON Pointer. */
export function jsonPath(pointer: string, root = '$'): string {
  if (pointer === '') return root;
  return (
    root +
    pointer
      .slice(1)
      .split('/')
      .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((key) => (/^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`))
      .join('')
  );
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

const ARTICLE: Record<string, string> = { boolean: 'a boolean', string: 'a string', number: 'a number', object: 'an object', array: 'an array' };

/**
 * ajv's errors as problems a person can act on: one per location, the
 * `anyOf` alternatives of `transpiler` said in one sentence.
 */
export function fromAjv(errors: readonly ErrorObject[], value: unknown, root = '$'): Problem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) byPath.set(error.instancePath, [...(byPath.get(error.instancePath) ?? []), error]);
  const problems: Problem[] = [];
  for (const [pointer, found] of byPath) {
    if (found.some((error) => error.keyword === 'anyOf') && [...byPath.keys()].some((other) => other !== pointer && other.startsWith(`${pointer}/`))) continue;
    const actual = pointer.slice(1).split('/').filter(Boolean).reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], value);
    problems.push({ path: jsonPath(pointer, root), ...describe(found, actual, pointer.endsWith('/transpiler')) });
  }
  return problems;
}

function describe(found: readonly ErrorObject[], actual: unknown, transpiler: boolean): { message: string; code: string } {
  if (found.some((error) => error.keyword === 'anyOf')) {
    if (transpiler) return { code: 'INVALID_FORM', message: `must be a string, or an array [name, options, ...more] whose first item is a string and second an object; got ${typeName(actual)}` };
    const types = found.filter((error) => error.keyword === 'type').flatMap((error) => ([] as string[]).concat(error.params.type as string | string[]));
    const allowed = found.filter((error) => error.keyword === 'enum').flatMap((error) => error.params.allowedValues as unknown[]);
    if (allowed.length === 0 && types.length > 0) {
      return { code: 'INVALID_TYPE', message: `must be ${[...new Set(types)].map((type) => ARTICLE[type] ?? type).join(' or ')}, got ${typeName(actual)}` };
    }
    const listed = allowed.length > 0 ? `; allowed values include ${allowed.slice(0, 12).map((v) => JSON.stringify(v)).join(', ')}` : '';
    return { code: 'INVALID_VALUE', message: `is not an accepted value, got ${typeName(actual)}${listed}` };
  }
  const first = found[0];
  switch (first.keyword) {
    case 'type': {
      const types = ([] as string[]).concat(first.params.type as string | string[]).map((type) => ARTICLE[type] ?? type);
      return { code: 'INVALID_TYPE', message: `must be ${types.join(' or ')}, got ${typeName(actual)}` };
    }
    case 'enum':
      return { code: 'INVALID_VALUE', message: `must be one of ${(first.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${typeName(actual)}` };
    case 'minItems':
      return { code: 'TOO_FEW_ITEMS', message: `must have at least ${first.params.limit} items` };
    default:
      return { code: 'INVALID_VALUE', message: first.message ?? 'is invalid' };
  }
}
