import { ImproperlyConfigured } from '../errors';
import type { DocumentedHeader, DocumentedResponse, RouteDocs, StreamOptions } from '../model/options';
import { checkKeys, keysOf } from '../util/keys';
import { checkSchema } from '../schema/kinds';

/** Shared by every route that documents nothing: a large table is mostly such routes. */
const NO_DOCS: RouteDocs = Object.freeze({});

const OPERATION_ID = /^[A-Za-z_$][\w$]*$/;

/** An OpenAPI response key: a status code, a range such as `4XX`, or `default`. */
const STATUS_KEY = /^(?:[1-5](?:\d\d|XX)|default)$/;

/**
 * The documentation options of one route, checked when the app is built and
 * copied, so that a later change to the caller's object changes nothing.
 */
export function checkRouteDocs(options: RouteDocs, where: string): RouteDocs {
  if (options.responses === undefined && options.summary === undefined && options.description === undefined && options.tags === undefined && options.status === undefined && options.headers === undefined && options.operationId === undefined && options.stream === undefined) {
    return NO_DOCS;
  }
  const docs: { -readonly [K in keyof RouteDocs]: RouteDocs[K] } = {};
  for (const key of ['summary', 'description'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new ImproperlyConfigured(`${key} of ${where} must be a string, got ${JSON.stringify(value)}.`);
    docs[key] = value;
  }
  if (options.tags !== undefined) {
    if (!Array.isArray(options.tags) || options.tags.some((tag) => typeof tag !== 'string' || tag === '')) {
      throw new ImproperlyConfigured(`tags of ${where} must be an array of non-empty strings, got ${JSON.stringify(options.tags)}.`);
    }
    docs.tags = Object.freeze([...options.tags]);
  }
  if (options.operationId !== undefined) {
    // What every client generator can name a method by (OpenAPI only says "case-sensitive string").
    if (typeof options.operationId !== 'string' || !OPERATION_ID.test(options.operationId)) {
      throw new ImproperlyConfigured(`operationId of ${where} must be an identifier (letters, digits, '_', '$'; not starting with a digit) such as 'Login', got ${JSON.stringify(options.operationId)}.`);
    }
    docs.operationId = options.operationId;
  }
  if (options.responses !== undefined) docs.responses = checkResponses(options.responses, where);
  if (options.status !== undefined) docs.status = checkStatus(options.status, where);
  if (options.headers !== undefined) docs.headers = checkHeaders(options.headers, where);
  if (options.stream !== undefined) docs.stream = checkStream(options.stream, docs.responses, where);
  return Object.freeze(docs);
}

function checkResponses(responses: unknown, where: string): RouteDocs['responses'] {
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
    throw new ImproperlyConfigured(`responses of ${where} must be an object keyed by status, such as { 201: { description: 'Created' } }.`);
  }
  const checked: Record<string, DocumentedResponse> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (!STATUS_KEY.test(status)) {
      throw new ImproperlyConfigured(`responses of ${where}: "${status}" is not a status; use a code from 100 to 599, a range such as '4XX', or 'default'.`);
    }
    if (typeof response !== 'object' || response === null || Array.isArray(response)) {
      throw new ImproperlyConfigured(`responses['${status}'] of ${where} must be an object { description?, schema? }.`);
    }
    for (const key of Object.keys(response)) {
      if (key !== 'description' && key !== 'schema' && key !== 'items' && key !== 'mediaTypes' && key !== 'headers') {
        throw new ImproperlyConfigured(`responses['${status}'] of ${where}: unknown option "${key}". Known options: description, schema, items, mediaTypes, headers.`);
      }
    }
    const { description, schema, items, mediaTypes, headers } = response as DocumentedResponse;
    if (items !== undefined) checkItems(items, schema, status, checked, where);
    if (mediaTypes !== undefined && (!Array.isArray(mediaTypes) || mediaTypes.length === 0 || mediaTypes.some((type) => typeof type !== 'string' || !/^[\w.+-]+\/[\w.+-]+/.test(type)))) {
      throw new ImproperlyConfigured(`responses['${status}'].mediaTypes of ${where} must be a non-empty array of media types such as ['text/html'], got ${JSON.stringify(mediaTypes)}.`);
    }
    if (description !== undefined && typeof description !== 'string') {
      throw new ImproperlyConfigured(`responses['${status}'].description of ${where} must be a string.`);
    }
    if (schema !== undefined) checkSchema(schema, `responses['${status}'].schema of ${where}`);
    checked[status] = Object.freeze({
      ...(description === undefined ? {} : { description }),
      ...(schema === undefined ? {} : { schema }),
      ...(items === undefined ? {} : { items }),
      ...(mediaTypes === undefined ? {} : { mediaTypes: Object.freeze([...mediaTypes]) }),
      ...(headers === undefined ? {} : { headers: checkDocumentedHeaders(headers, `responses['${status}'].headers of ${where}`) }),
    });
  }
  return Object.freeze(checked);
}

/** A stream's items (docs/streams.md): on one 2xx response, instead of its `schema`. */
function checkItems(items: unknown, schema: unknown, status: string, earlier: Record<string, DocumentedResponse>, where: string): void {
  if (status[0] !== '2') throw new ImproperlyConfigured(`responses['${status}'].items of ${where}: a stream is a success response; declare items on a 2xx status such as 200.`);
  if (schema !== undefined) throw new ImproperlyConfigured(`responses['${status}'] of ${where} declares both schema and items: a stream's response has items only (the schema of each item).`);
  const other = Object.keys(earlier).find((key) => earlier[key].items !== undefined);
  if (other !== undefined) throw new ImproperlyConfigured(`responses of ${where} declare items on '${other}' and '${status}': a route streams under one status; keep one.`);
  checkSchema(items as DocumentedResponse['schema'], `responses['${status}'].items of ${where}`);
}

const STREAM_KEYS = keysOf<StreamOptions>({ heartbeat: true });

function checkStream(stream: unknown, responses: RouteDocs['responses'], where: string): RouteDocs['stream'] {
  if (typeof stream !== 'object' || stream === null || Array.isArray(stream)) throw new ImproperlyConfigured(`stream of ${where} must be an object { heartbeat? }.`);
  checkKeys(`stream of ${where}`, stream, STREAM_KEYS);
  const { heartbeat } = stream as { heartbeat?: unknown };
  if (heartbeat !== undefined && (typeof heartbeat !== 'number' || !Number.isInteger(heartbeat) || heartbeat < 0 || heartbeat > 2 ** 31 - 1)) {
    throw new ImproperlyConfigured(`stream.heartbeat of ${where} must be a whole number of milliseconds (0 turns heartbeats off), got ${JSON.stringify(heartbeat)}.`);
  }
  if (!Object.values(responses ?? {}).some((response) => response.items !== undefined)) {
    throw new ImproperlyConfigured(`stream of ${where}: the route declares no stream; declare its items with responses: { 200: { items: schema } }.`);
  }
  return Object.freeze({ ...(heartbeat === undefined ? {} : { heartbeat: heartbeat as number }) });
}

/** A header name as RFC 9110 §5.1 allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function checkStatus(status: unknown, where: string): number {
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 399) {
    throw new ImproperlyConfigured(`status of ${where} must be a 2xx or 3xx status such as 201, got ${JSON.stringify(status)}. An error is thrown, not declared: throw an HttpError.`);
  }
  return status;
}

/** Latin-1 without control characters (a tab allowed): what Node sends in a header value. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function checkHeaders(headers: unknown, where: string): RouteDocs['headers'] {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new ImproperlyConfigured(`headers of ${where} must be an object of header names to values, such as { 'Cache-Control': 'no-store' }.`);
  }
  for (const [name, value] of Object.entries(headers)) {
    // What Node refuses to send (a CR or LF would split the response; text beyond Latin-1, control characters) would be
    // a 500 on every request: refused once, here.
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new ImproperlyConfigured(
        `headers of ${where}: ${JSON.stringify(name)}: ${JSON.stringify(value)} is not a header Node can send; give a token name and a string value of Latin-1 text without control characters (percent-encode anything else).`,
      );
    }
  }
  return Object.freeze({ ...(headers as Record<string, string>) });
}

function checkDocumentedHeaders(headers: unknown, where: string): DocumentedResponse['headers'] {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    throw new ImproperlyConfigured(`${where} must be an object such as { ETag: { description: 'The version of the resource' } }.`);
  }
  const checked: Record<string, DocumentedHeader> = {};
  for (const [name, header] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || typeof header !== 'object' || header === null || Array.isArray(header)) {
      throw new ImproperlyConfigured(`${where}: ${JSON.stringify(name)} must be a header name with { schema?, description? }.`);
    }
    checkKeys(`${where}: ${name}`, header, ['schema', 'description']);
    const { schema, description } = header as DocumentedHeader;
    if (description !== undefined && typeof description !== 'string') throw new ImproperlyConfigured(`${where}: ${name}.description must be a string.`);
    if (schema !== undefined) checkSchema(schema, `${where}: ${name}.schema`);
    checked[name] = Object.freeze({ ...(header as DocumentedHeader) });
  }
  return Object.freeze(checked);
}

/**
 * The status a route answers when its handler sets none: `status`, else the
 * one 2xx its `responses` declare, else `undefined` (200, or 204 for nothing
 * returned, decided by the renderer as Koa does). Owned here so that the
 * request path and the document agree (docs/declaring-what-handlers-decide.md).
 */
export function defaultStatus(docs: RouteDocs): number | undefined {
  if (docs.status !== undefined) return docs.status;
  if (docs.responses === undefined) return undefined;
  let found: number | undefined;
  for (const key of Object.keys(docs.responses)) {
    if (!/^2\d\d$/.test(key)) continue;
    if (found !== undefined) return undefined;
    found = Number(key);
  }
  return found;
}
