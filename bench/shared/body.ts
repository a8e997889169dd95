/** The body every POST row sends, and the schema that validates it (the same for waymark and fastify). */
export interface NewUser {
  name: string;
  email: string;
  age: number;
  tags: string[];
}

export const newUser = {
  type: 'object',
  required: ['name', 'email', 'age'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 20 },
  },
  additionalProperties: false,
} as const;

export const body = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', age: 36, tags: ['math', 'engines'] } satisfies NewUser);
