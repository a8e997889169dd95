import type { JSONSchema } from '../model/schema';
import type { ParamBinding } from '../model/params';
import type { Parser } from '../model/parser';
import type { RouteRecord } from '../model/route';
import { factsOf, shownSchema, type Warn } from './schemas';

type Schema = Record<string, unknown>;

/** An uploaded file in a multipart schema: OpenAPI 3.0's `format: binary`, and 3.1's `contentMediaType`. */
const FILE: Schema = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

/** The media types a route reads when neither it nor the app names parsers. */
const DEFAULT_TYPES = [{ mediaType: 'application/json' }] as const;

/**
 * The operation's `requestBody`: one entry of `content` per parser of the
 * route (docs/renderers-and-parsers.md#openapi), each with the `@Body()`
 * schema as that media type carries it — JSON as declared, forms with the same
 * properties (their values arrive as text and are coerced), multipart with
 * the `@File()`/`@Files()` fields added as binary strings, text as a string
 * and raw bodies as binary. `undefined` when the handler reads no body.
 */
export function requestBodyOf(route: RouteRecord, appParsers: readonly Pick<Parser, 'mediaType' | 'form' | 'files'>[] | undefined, warn: Warn): Schema | undefined {
  const body = route.bindings.find((b) => b.source === 'body');
  const files = route.bindings.filter((b) => b.source === 'file' || b.source === 'files');
  if (body === undefined && files.length === 0) return undefined;
  const facts = body === undefined ? undefined : factsOf(body);
  const declared = facts?.schema === undefined ? {} : (shownSchema(facts.schema, 'input', warn) as Schema);
  const content: Record<string, { schema: JSONSchema }> = {};
  for (const parser of route.parsers ?? appParsers ?? DEFAULT_TYPES) {
    const { mediaType } = parser;
    if ('files' in parser && parser.files === true) content[mediaType] = { schema: withFiles(declared, files) };
    else if (files.length > 0) continue; // a parser without files cannot carry what this handler needs
    else if (('form' in parser && parser.form === true) || /[/+]json$/.test(mediaType)) content[mediaType] = { schema: declared };
    else if (mediaType.startsWith('text/')) content[mediaType] = { schema: { type: 'string' } };
    else content[mediaType] = { schema: FILE };
  }
  const required = facts?.required === true || files.some((binding) => binding.options.required === true);
  return { required, content };
}

/** The body's fields and the route's files, as one object schema. */
function withFiles(declared: Schema, files: readonly ParamBinding[]): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const binding of files) {
    if (binding.name === undefined) continue; // @Files() takes whatever files come: nothing to name
    properties[binding.name] = binding.source === 'files' ? { type: 'array', items: FILE } : FILE;
    if (binding.options.required === true) required.push(binding.name);
  }
  if (Object.keys(properties).length === 0) return declared;
  const own: Schema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  if (Object.keys(declared).length === 0) return own;
  const plain = declared.type === 'object' && declared.$ref === undefined && declared.allOf === undefined && declared.additionalProperties !== false;
  if (!plain) return { allOf: [declared, own] };
  const mergedRequired = [...((declared.required as string[] | undefined) ?? []), ...required];
  return { ...declared, properties: { ...((declared.properties as Schema | undefined) ?? {}), ...properties }, ...(mergedRequired.length > 0 ? { required: mergedRequired } : {}) };
}
