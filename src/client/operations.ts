import { ImproperlyConfigured } from '../errors';

/** How the app's scheme carries the version, as the generated client must send it. */
export type VersionCarrier = 'path' | 'namespace' | 'accept-header' | 'host-name' | 'query-parameter' | 'header' | 'none';

/** One parameter an operation takes, as the document lists it. */
export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'host';
  readonly required: boolean;
  readonly schema: unknown;
  /** A `*rest` path parameter (`x-waymark-wildcard`): its `/` separate segments and are not encoded. */
  readonly rest: boolean;
}

/** One operation of one version, read off that version's OpenAPI document. */
export interface OperationSpec {
  /** The route's full name (`x-waymark-route`, else the operation id). */
  readonly name: string;
  readonly operationId: string;
  readonly method: string;
  /** The path template, with the version filled in where the path carries it. */
  readonly path: string;
  readonly parameters: readonly ParameterSpec[];
  /** The request body's media type and schema, or `null` without one. */
  readonly body: { readonly mediaType: string; readonly schema: unknown; readonly required: boolean } | null;
  /** Responses by status key (`'200'`, `'4XX'`, `'default'`): each media type's schema. */
  readonly responses: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** Query parameters whose value the version fixes (the query scheme's `version=v2`). */
  readonly fixedQuery: Readonly<Record<string, string>>;
  /** The `Accept` that asks for this version, when the Accept header carries it. */
  readonly accept: string | null;
  /** A host-bound route's host (`x-waymark-host`, `{tenant}.example.com`), sent on the base URL's scheme and port; `null`: the base URL's. */
  readonly host: string | null;
  /** A stream operation's status and item schema (docs/streams.md#in-the-documents), `null` for any other. */
  readonly stream: { readonly status: string; readonly items: unknown } | null;
}

type Json = Record<string, unknown>;
/** A path item's fields for methods: 3.1's, and 3.2's `query`; 3.2 lists any other method under `additionalOperations`. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
const PARAMETER_PLACES = new Set(['path', 'query', 'header']);

/**
 * Every operation of one version's document. `versionParam` is the scheme's
 * parameter: under the query scheme it is fixed to the version rather than
 * left to the caller. A document the generator cannot read (a parameter in a
 * cookie, a duplicate name) is `ImproperlyConfigured` naming the operation.
 */
export function operationsOf(document: Json, version: string | null, carrier: VersionCarrier, versionParam: string): OperationSpec[] {
  const operations: OperationSpec[] = [];
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of operationsIn(item)) {
      const name = String(operation['x-waymark-route'] ?? operation.operationId);
      const where = `${method} ${path} (${name})`;
      const fixedQuery: Record<string, string> = {};
      const parameters: ParameterSpec[] = [];
      for (const raw of [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])]) {
        const place = String(raw.in);
        // A cookie is the cookie jar's to send (browsers refuse a Cookie header from script); in Node, pass
        // `headers: { cookie }` to createClient (docs/declaring-what-handlers-decide.md).
        if (place === 'cookie') continue;
        if (!PARAMETER_PLACES.has(place)) throw new ImproperlyConfigured(`${where}: a parameter in '${place}' cannot be sent by the generated client.`);
        if (carrier === 'query-parameter' && place === 'query' && raw.name === versionParam && version !== null) {
          fixedQuery[versionParam] = version;
          continue;
        }
        // A header scheme's version header is sent by createClient() for the version it speaks.
        if (carrier === 'header' && place === 'header' && String(raw.name).toLowerCase() === versionParam.toLowerCase()) continue;
        const schema = raw.schema ?? {};
        parameters.push({ name: String(raw.name), in: place as ParameterSpec['in'], required: raw.required === true, schema, rest: raw['x-waymark-wildcard'] === true });
      }
      const host = typeof operation['x-waymark-host'] === 'string' ? operation['x-waymark-host'] : null;
      for (const [, hostParam] of host === null ? [] : host.matchAll(/\{([^{}]+)\}/g)) parameters.push({ name: hostParam, in: 'host', required: true, schema: { type: 'string' }, rest: false });
      checkNames(parameters, where);
      operations.push({
        name,
        operationId: String(operation.operationId),
        method,
        path,
        parameters,
        body: bodyOf(operation.requestBody as Json | undefined),
        responses: responsesOf(operation.responses as Json | undefined),
        fixedQuery,
        accept: carrier === 'accept-header' ? acceptOf(operation.responses as Json | undefined) : null,
        host,
        stream: streamOf(operation.responses as Json | undefined),
      });
    }
  }
  return operations;
}

/** A path item's operations by the method sent: its fields for methods, then `additionalOperations` (`PURGE`) as named. */
function operationsIn(item: Json): [string, Json][] {
  const found: [string, Json][] = [];
  for (const method of METHODS) if (item[method] !== undefined) found.push([method.toUpperCase(), item[method] as Json]);
  for (const [method, operation] of Object.entries((item.additionalOperations ?? {}) as Record<string, Json>)) found.push([method, operation]);
  return found;
}

/** The client takes every parameter by name in one object, so two places may not share a name. */
function checkNames(parameters: readonly ParameterSpec[], where: string): void {
  const seen = new Map<string, string>();
  for (const parameter of parameters) {
    const other = seen.get(parameter.name);
    if (other !== undefined) {
      throw new ImproperlyConfigured(`${where}: the ${other} parameter and the ${parameter.in} parameter are both named "${parameter.name}"; the generated client takes parameters by name. Rename one.`);
    }
    seen.set(parameter.name, parameter.in);
    if (parameter.name === 'body') throw new ImproperlyConfigured(`${where}: a ${parameter.in} parameter named "body" collides with the request body in the generated client. Rename it.`);
  }
}

function bodyOf(requestBody: Json | undefined): OperationSpec['body'] {
  if (requestBody === undefined) return null;
  const content = (requestBody.content ?? {}) as Record<string, Json>;
  const [mediaType, entry] = Object.entries(content)[0] ?? [];
  if (mediaType === undefined) return null;
  return { mediaType, schema: entry?.schema ?? {}, required: requestBody.required === true };
}

function responsesOf(responses: Json | undefined): OperationSpec['responses'] {
  const out = new Map<string, Map<string, unknown>>();
  for (const [status, response] of Object.entries(responses ?? {})) {
    const content = ((response as Json).content ?? {}) as Record<string, Json>;
    out.set(status, new Map(Object.entries(content).map(([mediaType, entry]) => [mediaType, entry.schema ?? {}])));
  }
  return out;
}

/**
 * A success response whose content has items: 3.2's `itemSchema` (for
 * `text/event-stream`, the item is the event's `data`), or 3.1's
 * `x-waymark-items` (docs/streams.md#in-the-documents).
 */
function streamOf(responses: Json | undefined): OperationSpec['stream'] {
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const [mediaType, entry] of Object.entries(((response as Json).content ?? {}) as Record<string, Json>)) {
      if (entry['x-waymark-items'] !== undefined) return { status, items: entry['x-waymark-items'] };
      if (entry.itemSchema === undefined) continue;
      const sse = /^text\/event-stream\b/i.test(mediaType);
      return { status, items: sse ? ((entry.itemSchema as Json).properties as Record<string, Json> | undefined)?.data?.contentSchema ?? {} : entry.itemSchema };
    }
  }
  return null;
}

/** The first success media type with a `version` parameter: what to send in `Accept`. */
function acceptOf(responses: Json | undefined): string | null {
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const mediaType of Object.keys(((response as Json).content ?? {}) as Json)) if (/;\s*version=/.test(mediaType)) return mediaType;
  }
  return null;
}
