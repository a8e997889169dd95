/** One JSON Schema as a document holds it (a `$ref` to `#/components/schemas/...` stays one). */
export type SchemaValue = Record<string, unknown> | boolean;

/** A parameter of an operation, as its document lists it. */
export interface DocumentedParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: SchemaValue;
}

/** Media type → its schema (absent: the document says nothing of the body). */
export type Content = Readonly<Record<string, { readonly schema?: SchemaValue }>>;

/**
 * One operation of one version's document: everything a request needs and
 * everything its response is held to. The version travels as the document
 * says: in the path, a query parameter, the response media types (Accept),
 * or the server's host.
 */
export interface Operation {
  /** The route's name (`x-waymark-route`), else its operationId. */
  readonly route: string;
  readonly operationId: string;
  readonly method: string;
  /** The path template of the document (`/v2/users/{id}`). */
  readonly path: string;
  readonly version: string | null;
  /** The server the document names for it: the host (and a base path) requests go to. */
  readonly server: URL;
  readonly parameters: readonly DocumentedParameter[];
  readonly body: { readonly required: boolean; readonly content: Content } | null;
  /** Status (`200`, `4XX`, `default`) → the content documented for it (`null`: no body). */
  readonly responses: Readonly<Record<string, Content | null>>;
  /** Its security requirements (`[]` or absent: none). */
  readonly security: readonly Record<string, readonly string[]>[];
}

/** What checkContract reads of a document. */
export interface ContractDocument {
  readonly servers?: readonly { url: string }[];
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  readonly security?: readonly Record<string, readonly string[]>[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** OpenAPI 3.1 §4.8.12.1: header parameters of these names are ignored. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** The operations of one version's document, in document order. */
export function operationsOf(document: ContractDocument, version: string | null): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = listOf(item.parameters);
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const raw = value as Record<string, unknown>;
      const servers = (raw.servers ?? item.servers ?? document.servers ?? [{ url: '/' }]) as { url: string }[];
      const operationId = String(raw.operationId ?? `${method} ${path}`);
      operations.push({
        route: typeof raw['x-waymark-route'] === 'string' ? raw['x-waymark-route'] : operationId,
        operationId,
        method: method.toUpperCase(),
        path,
        version,
        server: new URL(servers[0]?.url ?? '/', 'http://localhost'),
        parameters: parametersOf([...shared, ...listOf(raw.parameters)]),
        body: bodyOf(raw.requestBody),
        responses: responsesOf(raw.responses),
        security: (raw.security ?? document.security ?? []) as Record<string, string[]>[],
      });
    }
  }
  return operations;
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

/** Operation-level parameters override path-level ones of the same name and place. */
function parametersOf(listed: Record<string, unknown>[]): DocumentedParameter[] {
  const byKey = new Map<string, DocumentedParameter>();
  for (const parameter of listed) {
    const where = parameter.in as DocumentedParameter['in'];
    const name = String(parameter.name);
    if (where === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    byKey.set(`${where} ${name}`, { name, in: where, required: parameter.required === true || where === 'path', schema: (parameter.schema ?? {}) as SchemaValue });
  }
  return [...byKey.values()];
}

function bodyOf(raw: unknown): Operation['body'] {
  if (raw === undefined || raw === null) return null;
  const body = raw as { required?: boolean; content?: Content };
  return { required: body.required === true, content: body.content ?? {} };
}

function responsesOf(raw: unknown): Record<string, Content | null> {
  const responses: Record<string, Content | null> = {};
  for (const [status, response] of Object.entries((raw ?? {}) as Record<string, { content?: Content }>)) {
    responses[status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase()] = response.content ?? null;
  }
  return responses;
}

/** The documented content of `status`: its own entry, else `4XX`, else `default`; `undefined` when the status is not documented. */
export function documentedContent(operation: Operation, status: number): Content | null | undefined {
  const { responses } = operation;
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) if (Object.hasOwn(responses, key)) return responses[key];
  return undefined;
}

/**
 * `catalog:books:create` → `catalog:books:detail`; `users-create` → `users-detail`, and
 * `users-list` → `users-detail`: the detail route a create or list route's results are read at.
 */
export function detailNameOf(route: string): string | null {
  const match = /^(.*[:._-])(?:create|list)$/i.exec(route);
  return match ? `${match[1]}detail` : null;
}
