import type { JSONSchema } from '../model/schema';
import { ImproperlyConfigured } from '../errors';

/**
 * The most items a `uniqueItems` array of objects or arrays may have: ajv
 * compares such items pairwise, so the cost grows with the square of their
 * number (16,000 small objects took ~3 s). 1,000 keeps one check near 10 ms.
 */
export const MAX_UNIQUE_ITEMS = 1_000;

/** Members whose values are data, not schemas (a `const` object may have a `uniqueItems` key). */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example']);
/** Item types for which ajv checks `uniqueItems` with a hash, in one pass. */
const HASHED = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Refuses, at build, a schema keyword whose cost grows faster than the input
 * (docs/security.md): `uniqueItems` is allowed when its items have scalar
 * types (ajv then hashes them) or when `maxItems` is at most
 * `MAX_UNIQUE_ITEMS`. Regular expressions need no bound here: they run on
 * the linear engine.
 */
export function checkBounded(schema: JSONSchema, where: string): void {
  walk(schema, '#', where, new Set());
}

function walk(node: unknown, pointer: string, where: string, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((child, index) => walk(child, `${pointer}/${index}`, where, seen));
    return;
  }
  const schema = node as Record<string, unknown>;
  if (schema.uniqueItems === true && !hashed(schema.items) && !(typeof schema.maxItems === 'number' && schema.maxItems <= MAX_UNIQUE_ITEMS)) {
    throw new ImproperlyConfigured(
      `The schema of ${where} has uniqueItems at ${pointer} without a maxItems of at most ${MAX_UNIQUE_ITEMS}: ` +
        'checking it compares every pair of items, so a large body would hold the event loop for minutes. ' +
        `Add maxItems (≤ ${MAX_UNIQUE_ITEMS}), give the items a scalar type, or check uniqueness in the handler. See docs/security.md.`,
    );
  }
  for (const [key, child] of Object.entries(schema)) {
    if (!DATA.has(key)) walk(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, where, seen);
  }
}

function hashed(items: unknown): boolean {
  if (typeof items !== 'object' || items === null) return false;
  const type = (items as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((t) => typeof t === 'string' && HASHED.has(t));
}
