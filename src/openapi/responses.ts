import { STATUS_CODES } from 'node:http';
import type { DocumentedResponse, RouteDocs } from '../model/options';
import { shownSchema, type Warn } from './schemas';
import { streamContent } from './streams';

/** The one shared schema of every problem document waymark sends (RFC 9457, docs/errors.md). */
export const PROBLEM_SCHEMA = Object.freeze({
  type: 'object',
  description: 'An RFC 9457 problem document.',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'A URI identifying the problem type; `about:blank` when the status says it all.' },
    title: { type: 'string', description: 'The reason phrase of the status.' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string', description: 'What went wrong, in the negotiated language.' },
    instance: { type: 'string', format: 'uri-reference' },
    errors: {
      type: 'array',
      description: 'Every validation failure, pointing into the body or naming a parameter.',
      items: {
        type: 'object',
        required: ['detail'],
        properties: { detail: { type: 'string' }, pointer: { type: 'string' }, parameter: { type: 'string' } },
      },
    },
  },
});

export const PROBLEM_REF = '#/components/schemas/Problem';

export interface ResponseFacts {
  docs: RouteDocs;
  /** The route's renderers' media types, each with the version's suffix (`application/json; version=v2`). */
  mediaTypes: readonly string[];
  /** Problem statuses the operation can answer (400 when it binds input, 404, 406, the scheme's refusal). */
  problems: readonly number[];
  /** Hears of a schema that cannot describe itself. */
  warn?: Warn;
  /** The `content` of an error response (`AppOptions.errors`, docs/errors.md#in-the-documents); default a problem document. */
  errorContent?: () => Record<string, unknown>;
  /** The document's OpenAPI version: how a stream's items are written (docs/streams.md#in-the-documents). */
  oas?: '3.1' | '3.2';
}

/**
 * The operation's responses: the documented ones (or `200` with any body),
 * then each problem status waymark can produce for it that the route did not
 * document itself, as `application/problem+json` with the shared schema. A
 * documented response without a schema still says what waymark sends: the
 * app's media types for a success (so the Accept scheme's version shows),
 * a problem document for an error, nothing for 204, 304 and 1xx.
 */
export function responsesOf({ docs, mediaTypes, problems, warn = () => {}, errorContent = problemContent, oas = '3.1' }: ResponseFacts): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const documented = successesOf(docs);
  for (const [status, response] of Object.entries(documented)) {
    const entry: Record<string, unknown> = { description: response.description ?? reason(status) };
    const headers = headersOf(status, response, docs, warn);
    if (headers) entry.headers = headers;
    const content = response.items !== undefined ? streamContent(response.items, mediaTypes, oas, warn) : contentOf(status, response, response.mediaTypes ?? mediaTypes, warn, errorContent);
    if (content) entry.content = content;
    responses[status] = entry;
  }
  for (const status of [...new Set(problems)].sort((a, b) => a - b)) {
    const key = String(status);
    // A route's own `4XX` (or `5XX`) or `default` says what its errors are: it replaces the generated entries.
    if (Object.hasOwn(responses, key) || Object.hasOwn(responses, `${key[0]}XX`) || Object.hasOwn(responses, 'default')) continue;
    responses[key] = { description: reason(key), content: errorContent() };
  }
  return responses;
}

/**
 * The documented responses, with what the handler can answer when they name
 * no success: `status` when given; else both 200 (any body) and 204, since
 * TypeScript records the same return type for `(): void` and an unannotated
 * method and a client must not refuse what the route really sends
 * (docs/declaring-what-handlers-decide.md).
 */
function successesOf(docs: RouteDocs): Record<string, DocumentedResponse> {
  const declared: Record<string, DocumentedResponse> = { ...docs.responses };
  if (docs.status !== undefined) {
    declared[docs.status] ??= {};
    return declared;
  }
  if (Object.keys(declared).some((status) => status[0] === '2' || status[0] === '3')) return declared;
  return { 200: {}, 204: {}, ...declared };
}

/** The route's own `headers` on each success, and those `responses[status].headers` document. */
function headersOf(status: string, response: DocumentedResponse, docs: RouteDocs, warn: Warn): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (docs.headers !== undefined && (status[0] === '2' || status[0] === '3')) {
    for (const [name, value] of Object.entries(docs.headers)) out[name] = { schema: { type: 'string', const: value } };
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    out[name] = { ...(header.description === undefined ? {} : { description: header.description }), schema: header.schema === undefined ? { type: 'string' } : shownSchema(header.schema, 'output', warn) };
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

function contentOf(status: string, response: DocumentedResponse, mediaTypes: readonly string[], warn: Warn, errorContent: () => Record<string, unknown>): Record<string, unknown> | undefined {
  if (response.schema !== undefined) {
    const schema = shownSchema(response.schema, 'output', warn);
    // The schema describes the value; only JSON writes the value itself. A CSV or HTML body is the renderer's (docs/renderers-and-parsers.md).
    return Object.fromEntries(mediaTypes.map((type) => [type, JSON_TYPE.test(type) ? { schema } : {}]));
  }
  if (response.mediaTypes !== undefined) return Object.fromEntries(mediaTypes.map((type) => [type, {}]));
  if (status === 'default' || status === '204' || status === '304' || status.startsWith('1')) return undefined;
  if (status.startsWith('4') || status.startsWith('5')) return errorContent();
  return Object.fromEntries(mediaTypes.map((type) => [type, { schema: {} }]));
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

const problemContent = () => ({ 'application/problem+json': { schema: { $ref: PROBLEM_REF } } });

function reason(status: string): string {
  if (status === 'default') return 'Any other response';
  if (status.endsWith('XX')) return `Any ${status} response`;
  return STATUS_CODES[Number(status)] ?? `Status ${status}`;
}
