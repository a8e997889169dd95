import { ImproperlyConfigured } from '../errors';
import type { DocumentedResponse, RouteDocs } from '../model/options';
import { checkSchema } from '../model/schema';

/** The `RouteOptions` keys that only document a route. */
export const ROUTE_DOC_KEYS = ['responses', 'summary', 'description', 'tags', 'operationId'] as const;

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
  if (options.responses === undefined && options.summary === undefined && options.description === undefined && options.tags === undefined && options.operationId === undefined) return NO_DOCS;
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
      if (key !== 'description' && key !== 'schema' && key !== 'mediaTypes') {
        throw new ImproperlyConfigured(`responses['${status}'] of ${where}: unknown option "${key}". Known options: description, schema, mediaTypes.`);
      }
    }
    const { description, schema, mediaTypes } = response as DocumentedResponse;
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
      ...(mediaTypes === undefined ? {} : { mediaTypes: Object.freeze([...mediaTypes]) }),
    });
  }
  return Object.freeze(checked);
}
