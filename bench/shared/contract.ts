/** A 20-field record, as a handler returning a database row would, and the response schema that declares each field. */
const fields = Array.from({ length: 20 }, (_, i) => i);
const kind = (i: number) => (i % 5 === 4 ? 'boolean' : i % 2 === 0 ? 'string' : 'integer');

export const record: Record<string, unknown> = Object.fromEntries(
  fields.map((i) => [`field${i}`, kind(i) === 'boolean' ? i % 3 === 0 : kind(i) === 'string' ? `value number ${i} of the record` : 1000 * i + 7]),
);

export const recordSchema = {
  type: 'object',
  required: fields.map((i) => `field${i}`),
  properties: Object.fromEntries(fields.map((i) => [`field${i}`, { type: kind(i) }])),
} as const;
