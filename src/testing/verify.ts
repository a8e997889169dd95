import { isJsonType } from './bodies';
import { documentedContent, type Content, type Operation } from './operations';
import type { ContractRequest, ContractResponse } from './send';
import type { DocumentSchemas } from './validator';
import { checkItems, isStreamType } from './streams';

/**
 * What is wrong with `response` as an answer of `operation` to `request`;
 * `null` when nothing is. In order: a 5xx; a status the operation does not
 * document; a body of a media type the status does not document; a JSON
 * body its documented schema refuses; an invalid request answered with
 * success (the document is stricter than the app).
 */
export function verify(operation: Operation, request: ContractRequest, response: ContractResponse, schemas: DocumentSchemas): string | null {
  const { status } = response;
  if (status >= 500) return `answered ${status}, a server error`;
  const content = documentedContent(operation, status);
  if (content === undefined) return `answered ${status}, a status the operation does not document (it documents ${Object.keys(operation.responses).join(', ')})`;
  const problem = checkBody(content, response, schemas, request.method);
  if (problem !== null) return problem;
  if (request.invalid !== null && status < 400) return `answered ${status} to an invalid request (${request.invalid}); the document refuses it, so the app should answer 4xx`;
  return null;
}

function checkBody(content: Content | null, response: ContractResponse, schemas: DocumentSchemas, method: string): string | null {
  const header = response.headers['content-type'];
  const type = typeof header === 'string' ? header : undefined;
  if (method === 'HEAD' || (response.body === '' && type === undefined)) return null;
  const documented = Object.keys(content ?? {});
  if (type === undefined) return documented.length === 0 ? null : `sent a body without a Content-Type (documented: ${documented.join(', ')})`;
  const matched = documented.find((candidate) => mediaTypeMatches(candidate, type));
  if (matched === undefined) {
    return documented.length === 0 ? `sent a ${type} body where the status documents none` : `sent ${type}, a media type the status does not document (it documents ${documented.join(', ')})`;
  }
  if (isStreamType(type)) return checkItems(type, response.body, (content?.[matched] ?? {}) as Record<string, unknown>, schemas);
  const schema = content?.[matched].schema;
  if (schema === undefined || !isJsonType(type)) return null;
  let value: unknown;
  try {
    value = JSON.parse(response.body);
  } catch {
    return `sent ${type} that is not JSON`;
  }
  const issues = schemas.issues(schema, value);
  return issues.length === 0 ? null : `sent a body its documented schema (${matched}) refuses: ${issues.join('; ')}`;
}

interface MediaType {
  essence: string;
  parameters: Map<string, string>;
}

function parse(type: string): MediaType {
  const [essence, ...rest] = type.split(';');
  const parameters = new Map<string, string>();
  for (const parameter of rest) {
    const at = parameter.indexOf('=');
    if (at > 0) parameters.set(parameter.slice(0, at).trim().toLowerCase(), parameter.slice(at + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { essence: essence.trim().toLowerCase(), parameters };
}

/**
 * Whether a response's `Content-Type` is the documented media type: the same
 * essence (or a documented wildcard), and every parameter the document names
 * (`version=v2`) with its value; the response's own others (`charset`) are free.
 */
export function mediaTypeMatches(documented: string, sent: string): boolean {
  const want = parse(documented);
  const got = parse(sent);
  const [type, subtype] = want.essence.split('/');
  const essence = want.essence === got.essence || want.essence === '*/*' || (subtype === '*' && got.essence.startsWith(`${type}/`));
  return essence && [...want.parameters].every(([name, value]) => got.parameters.get(name) === value);
}
