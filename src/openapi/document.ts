import type { RouteRecord, RouteTable } from '../model/route';
import { HostNameVersioning } from '../versioning/host-name';
import type { VersioningScheme } from '../model/scheme';
import { isDeprecated, isRetiring } from './lifecycle';
import { checkOpenApiOptions, documentVersion, type OpenApiOptions } from './options';
import { bindsInput, parametersOf, requestBodyOf } from './parameters';
import { templateOf } from './paths';
import { hostServers, placeVersion } from './placement';
import { PROBLEM_SCHEMA, responsesOf } from './responses';
import { methodsOf } from '../table/methods';
import { formsOf, paramsOf } from '../table/tokens';
import { Shadows } from '../table/shadow';
import { serves } from '../table/versions';

/** What the generator reads of an app: its table and settings, nothing of Koa. */
export interface OpenApiSource {
  readonly table: RouteTable;
  readonly versioning: VersioningScheme | null;
  readonly origin: string | null;
  readonly mediaTypes: readonly string[];
}

/** One operation of an OpenAPI document; see the OpenAPI 3.1 Operation Object for the other fields. */
export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, unknown>;
  [field: string]: unknown;
}

/** An OpenAPI 3.1 document, as plain JSON data. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  /** Path template, then lower-case method. */
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

/** HEAD (implied by GET) and OPTIONS (answered by waymark) are not listed: `@All` is listed once per other method. */
const UNLISTED = new Set(['HEAD', 'OPTIONS']);

/**
 * The OpenAPI 3.1 document of one API version (docs/openapi.md): every route that
 * serves it, as a client of that version sees it.
 */
export function buildOpenApi(source: OpenApiSource, options: OpenApiOptions = {}): OpenApiDocument {
  checkOpenApiOptions(options);
  const appScheme = source.versioning;
  const version = documentVersion(appScheme, options.version);
  const paths: OpenApiDocument['paths'] = {};
  const taken = new Set<string>();
  /** Path keys by shape: OpenAPI 3.1 §4.8.8 forbids two templates differing only in parameter names (`/u/{id}`, `/u/{key}`). */
  const keys = new Map<string, { path: string; names: string[] }>();
  const shadows = new Shadows<RouteRecord>();
  const ids = new Set<string>();
  const refusals = new Map<VersioningScheme, number>(); // one error object per scheme, not one per operation
  const servers = appScheme instanceof HostNameVersioning ? hostServers(source.origin, version) : null;
  for (const route of source.table.routes) {
    const scheme = route.versioning === undefined ? appScheme : route.versioning;
    const routeVersion = versionOfRoute(scheme, appScheme, version);
    if (routeVersion === undefined || !serves(route, routeVersion)) continue;
    const answered = methodsOf(route.method);
    const methods = answered.filter((method) => !UNLISTED.has(method));
    for (const form of formsOf(route.pattern.tokens)) {
      const placement = placeVersion({ scheme, version: routeVersion, route, form, origin: source.origin });
      if (placement === null) continue;
      const shape = templateOf(form, placement.filled, false);
      const names = paramsOf(form).flatMap(({ name }) => (placement.filled.has(name) ? [] : [name]));
      let key = keys.get(shape);
      if (key === undefined) keys.set(shape, (key = { path: templateOf(form, placement.filled), names }));
      for (const method of methods) {
        const operationKey = `${method} ${shape}`;
        // An earlier route answers this method and path (or every request of it): this one is never reached.
        if (taken.has(operationKey) || shadows.takers(method, form, placement.filled, route.requirements).length > 0) continue;
        taken.add(operationKey);
        const operation = { operationId: uniqueId(route, ids) } as OpenApiOperation;
        const { docs } = route;
        if (docs.summary !== undefined) operation.summary = docs.summary;
        if (docs.description !== undefined) operation.description = docs.description;
        if (docs.tags !== undefined) operation.tags = [...docs.tags];
        if (scheme !== null && isDeprecated(scheme, routeVersion)) operation.deprecated = true;
        const parameters = renamed(parametersOf(route, form, placement), names, key.names);
        if (parameters.length > 0) operation.parameters = parameters;
        const requestBody = requestBodyOf(route);
        if (requestBody) operation.requestBody = requestBody;
        const problems = [404, 406, ...(bindsInput(route) ? [400] : []), ...(scheme ? [refusalStatus(scheme, refusals)] : [])];
        if (scheme !== null && isRetiring(scheme, routeVersion)) problems.push(410); // after its sunset
        const mediaTypes = source.mediaTypes.map((type) => type + placement.mediaSuffix);
        operation.responses = responsesOf({ docs, mediaTypes, problems });
        if (placement.servers && scheme !== appScheme) operation.servers = placement.servers.map((server) => ({ ...server }));
        (paths[key.path] ??= {})[method.toLowerCase()] = operation;
      }
      shadows.add(route, answered, form, placement.filled, route.requirements);
    }
  }
  const info: OpenApiDocument['info'] = { title: options.info?.title ?? 'API', version: options.info?.version ?? version ?? 'unversioned' };
  if (options.info?.description !== undefined) info.description = options.info.description;
  // A copy: the operations hold the app's own schema objects, and a caller that edits its document must change neither the app nor the next document.
  return structuredClone({
    openapi: '3.1.0',
    info,
    ...(servers ? { servers } : {}),
    paths,
    components: { schemas: { Problem: PROBLEM_SCHEMA } },
  });
}

/**
 * The version a request to this route has in the document's version, or
 * `undefined` when no request of that version reaches it: a route whose
 * controller turned versioning off has none; one with its own scheme is
 * listed when that scheme allows the version too.
 */
function versionOfRoute(scheme: VersioningScheme | null, appScheme: VersioningScheme | null, version: string | null): string | null | undefined {
  if (scheme === null) return null;
  if (scheme === appScheme) return version;
  if (appScheme === null) return scheme.defaultVersion;
  return scheme.isAllowedVersion(version) ? version : undefined;
}

/** The status the scheme refuses a version with (404, or 406 for the Accept header; a custom scheme's own). */
function refusalStatus(scheme: VersioningScheme, known: Map<VersioningScheme, number>): number {
  let status = known.get(scheme);
  if (status === undefined) known.set(scheme, (status = scheme.invalidVersion().status));
  return status;
}

/**
 * The path parameters under the names of the path key they are listed at:
 * a route whose template differs from an earlier one only in its parameter
 * names (`/users/{key}` after `/users/{id}`) goes under the earlier key,
 * its parameters renamed by position. A client sends the same request
 * either way; only the documentation's name differs from the handler's.
 */
function renamed(parameters: Record<string, unknown>[], names: readonly string[], keyNames: readonly string[]): Record<string, unknown>[] {
  if (names.every((name, index) => name === keyNames[index])) return parameters;
  return parameters.map((parameter) => {
    const index = parameter.in === 'path' ? names.indexOf(parameter.name as string) : -1;
    return index === -1 ? parameter : { ...parameter, name: keyNames[index] };
  });
}

/** The route's full name (`Controller.method` without one); later repeats get `_2`, `_3`, ... */
function uniqueId(route: RouteRecord, ids: Set<string>): string {
  const base = route.fullName ?? `${route.controller.name}.${String(route.handler)}`;
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}_${n}`;
  ids.add(id);
  return id;
}
