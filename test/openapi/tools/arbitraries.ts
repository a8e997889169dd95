import fc from 'fast-check';

type Schema = { [keyword: string]: unknown };

/**
 * Values a schema-driven tester would send as valid for `schema` (the
 * keywords the sample app's documents use: type, enum, pattern, bounds,
 * properties/required, items, anyOf), `null` when it cannot tell.
 */
export function validValue(schema: unknown): fc.Arbitrary<unknown> {
  if (typeof schema !== 'object' || schema === null) return fc.jsonValue();
  const s = schema as Schema;
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf)) return fc.oneof(...s.anyOf.map(validValue));
  switch (s.type) {
    case 'integer':
      return fc.integer({ min: typeof s.minimum === 'number' ? Math.max(s.minimum, -1e9) : -1e9, max: typeof s.maximum === 'number' ? Math.min(s.maximum, 1e9) : 1e9 });
    case 'number':
      return fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.format === 'date') return fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time') return fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({ maxLength: 20 });
    case 'array':
      return fc.array(validValue(s.items ?? {}), { maxLength: 4 });
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = (s.required ?? []) as string[];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validValue(property);
      return fc.record(record, { requiredKeys: required.filter((name) => name in record) });
    }
    default:
      return fc.jsonValue();
  }
}

/** What a parameter's schema says of a value a tester sends as text. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
