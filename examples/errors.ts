import type { ErrorFormatOptions, ProblemDocument } from '../src';

/**
 * The sample's house error format (docs/errors.md#your-own-error-format): RFC 9457 problem
 * documents, plus `fields`, the invalid fields by name with a short code each, built from the
 * validation items' `keyword` and `params` rather than from ajv's English. A form can then mark
 * `name` without parsing a JSON Pointer. The addition is a new optional member, so clients of
 * the released versions read their errors as before.
 */
export const sampleErrors: ErrorFormatOptions = {
  render: (problem: ProblemDocument) => {
    if (problem.errors === undefined) return problem;
    const fields: Record<string, string[]> = {};
    for (const item of problem.errors) {
      const field = item.keyword === 'required' ? String(item.params.missingProperty) : (item.pointer ?? '').slice(2) || item.parameter || '';
      (fields[field] ??= []).push(item.keyword === 'required' ? 'missing' : item.keyword === 'minLength' ? 'too_short' : 'invalid');
    }
    return { ...problem, fields };
  },
  schema: {
    type: 'object',
    description: 'An RFC 9457 problem document; a validation failure also lists the invalid fields by name.',
    required: ['type', 'title', 'status'],
    properties: {
      type: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string', format: 'uri-reference' },
      errors: {
        type: 'array',
        items: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' }, pointer: { type: 'string' }, parameter: { type: 'string' }, keyword: { type: 'string' }, params: { type: 'object' } } },
      },
      fields: { type: 'object', description: 'Field name to its failures (missing, too_short, invalid).', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
  },
};
