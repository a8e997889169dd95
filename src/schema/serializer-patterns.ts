import type { JSONSchema } from '../model/schema';
import { linearRegExp } from '../util/linear-regexp';

/** Members whose values are data, not schemas. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example', 'required']);
/** Members whose values map names to schemas. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** What a serializer is compiled from: the schema, its `patternProperties` keys replaced by placeholders. */
export interface PreparedPatterns {
  readonly schema: JSONSchema;
  /** The linear expression of each placeholder, in placeholder order. */
  readonly patterns: readonly RegExp[];
}

/** The placeholder standing for pattern number `index`: word characters only, so it is written into generated code as it is. */
export const placeholder = (index: number): string => `waymark_pattern_${index}_`;

/**
 * fast-json-stringify writes each `patternProperties` key into its generated
 * code as a regular-expression literal, which runs on V8's backtracking
 * engine. A copy of `schema` whose keys are placeholders lets the caller swap
 * each literal for the same pattern on the linear engine (docs/security.md).
 * Every key is compiled here, so a pattern RE2 cannot run is
 * `ImproperlyConfigured` when the app is built. The caller's schema is never
 * changed; a schema without `patternProperties` is returned as it is.
 */
export function preparePatterns(schema: JSONSchema, where: string): PreparedPatterns {
  const sources = new Map<string, number>();
  const patterns: RegExp[] = [];
  const index = (source: string): number => {
    let found = sources.get(source);
    if (found === undefined) {
      found = patterns.push(linearRegExp(source, '', `the patternProperties key ${JSON.stringify(source)} in the response schema of ${where}`)) - 1;
      sources.set(source, found);
    }
    return found;
  };
  const copy = (node: unknown, seen: Map<object, unknown>): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (seen.has(node)) return seen.get(node);
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      seen.set(node, items);
      for (const item of node) items.push(copy(item, seen));
      return items;
    }
    const out: Record<string, unknown> = {};
    seen.set(node, out);
    for (const [key, value] of Object.entries(node)) {
      if (DATA.has(key) || typeof value !== 'object' || value === null) {
        define(out, key, value);
      } else if (MAPS.has(key) && !Array.isArray(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, member] of Object.entries(value)) define(map, key === 'patternProperties' ? placeholder(index(name)) : name, copy(member, seen));
        define(out, key, map);
      } else {
        define(out, key, copy(value, seen));
      }
    }
    return out;
  };
  if (!mentions(schema)) return { schema, patterns };
  return { schema: copy(schema, new Map()) as JSONSchema, patterns };
}

/** An own member, even one named `__proto__` (a property a schema may declare). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Whether `patternProperties` appears anywhere: a schema without it is compiled as it is, untouched. */
function mentions(schema: JSONSchema): boolean {
  return typeof schema === 'object' && JSON.stringify(schema).includes('"patternProperties"');
}
