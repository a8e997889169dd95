import type { OpenApiDocumentOptions } from '../model/openapi';
import type { RouteRecord, RouteTable } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { checkGuardSchemes } from './document-options';
import { InvalidArgument } from '../errors';
import { checkOpenApiOptions, documentVersion, type OpenApiOptions } from './options';
import { chosenIds, operationIdOf, routeName } from './operation-id';
import { operationOf, type OpenApiOperation } from './operation';
import { templateOf } from './paths';
import { hostServersOf, hostTemplateOf } from './host-servers';
import { hostServers, placeVersion } from './placement';
import { errorDocs } from './errors';
import type { ErrorFormat } from '../model/error-format';
import { namedComponents, nameSchemas } from './named-schemas';
import { versionRequest } from './versioning';
import { methodsOf } from '../table/methods';
import { formsOf, paramsOf } from '../table/tokens';
import { Shadows } from '../table/shadow';
import { serves } from '../table/versions';
import type { AppHistory } from '../history/app-history';
import { webhooksOf } from './webhooks';
import { placeOperation } from './methods';
import { routeRenderers, streams } from '../negotiation/streams';

import type { Parser } from '../model/parser';
import { formatParameter, type FormatSource } from './format';
import { docsPageMark } from './documented';
import { documentedMethods, undocumented } from './undocumented';
import { warningMessage } from '../errors/warnings';

export type { OpenApiOperation };

/** What the generator reads of an app: its table and settings, nothing of Koa. */
export interface OpenApiSource extends FormatSource {
  readonly table: RouteTable;
  readonly versioning: VersioningScheme | null;
  readonly origin: string | null;
  readonly mediaTypes: readonly string[];
  /** `AppOptions.parsers`: the request bodies' media types of routes that set none (absent: JSON). */
  readonly parsers?: readonly Parser[];
  /** `AppOptions.openapi`, checked. */
  readonly openapi?: OpenApiDocumentOptions;
  /** The app's version history: an older version's document shows its routes as that version's clients see them. */
  readonly history?: AppHistory | null;
  /** `AppOptions.errors`, checked: the error responses' media type and schema (docs/errors.md#in-the-documents). */
  readonly errors?: ErrorFormat;
}

/** An OpenAPI 3.1 document, as plain JSON data. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [field: string]: unknown };
  servers: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  /** Path template, then lower-case method. */
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [field: string]: unknown;
}

/** What building a document noticed without refusing it: a schema that could not describe itself, naming the route. */
export type OpenApiWarning = string;

const invalid = (message: string): never => {
  throw new InvalidArgument(message);
};

/**
 * The OpenAPI 3.1 document of one API version (docs/openapi.md): every route that
 * serves it, as a client of that version sees it. A fresh document per call:
 * it shares nothing with the app or with another call. `warn` hears of each
 * schema that could not describe itself (its entry is `{}`).
 */
export function buildOpenApi(source: OpenApiSource, options: OpenApiOptions = {}, warn: (warning: OpenApiWarning) => void = () => {}): OpenApiDocument {
  const asked = checkOpenApiOptions(options);
  const parts: OpenApiDocumentOptions = { ...source.openapi, ...asked, info: { ...source.openapi?.info, ...asked.info } };
  // The app's schemes were checked against its guards when it was built; a call's own must cover them too.
  if (asked.securitySchemes !== undefined) checkGuardSchemes(source.table.routes, asked.securitySchemes, invalid);
  const appScheme = source.versioning;
  const version = documentVersion(appScheme, options.version);
  const oas = parts.version ?? '3.1';
  const paths: OpenApiDocument['paths'] = {};
  const taken = new Set<string>();
  /** Path keys by shape: OpenAPI 3.1 §4.8.8 forbids two templates differing only in parameter names (`/u/{id}`, `/u/{key}`). */
  const keys = new Map<string, { path: string; names: string[] }>();
  const shadows = new Shadows<RouteRecord>();
  const ids = new Set<string>();
  const chosen = chosenIds(source.table.routes);
  const refusals = new Map<VersioningScheme, number>(); // one error object per scheme, not one per operation
  const request = appScheme === null ? null : versionRequest(appScheme, version, source.mediaTypes);
  const errorFormat = errorDocs(source.errors, warn);
  const tags = new Set<string>();
  const named = namedComponents({ ...errorFormat.components }, parts.components, warn);
  const written: { operation: OpenApiOperation; where: string }[] = [];
  for (const listed of source.table.routes) {
    const page = docsPageMark(listed.controller);
    if (page !== undefined && !page.documented) continue; // the docs page's own routes (docs/docs-page.md#in-the-documents)
    const route = source.history ? source.history.routeAt(listed, source.history.indexOf(version)) : listed;
    const scheme = route.versioning === undefined ? appScheme : route.versioning;
    const routeVersion = versionOfRoute(scheme, appScheme, version);
    if (routeVersion === undefined || !serves(route, routeVersion)) continue;
    // A method 3.1 has no field for, or a RegExp path no template describes, is left out, said as the build said it.
    for (const { code, params } of undocumented([route], oas)) warn(warningMessage(code, params));
    if (route.pattern.regexp?.irreversible) continue;
    const answered = methodsOf(route.method);
    // 3.2 lists QUERY as its `query` field and any other method under `additionalOperations` (openapi/methods.ts).
    const documented = documentedMethods(route);
    const methods = oas === '3.2' ? [...documented.fixed, ...documented.additional] : documented.fixed;
    const routeWarn = (reason: string) => warn(`${routeName(route)}: ${reason}; its document entry is {} (any value).`);
    for (const form of formsOf(route.pattern.tokens)) {
      // Without versioning the page has one document: its `{version}` form names none.
      if (page !== undefined && appScheme === null && paramsOf(form).some(({ name }) => name === 'version')) continue;
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
        const operation = operationOf({
          route,
          operationId: operationIdOf(route, ids, chosen),
          form,
          placement,
          scheme,
          version: routeVersion,
          refusal: scheme === null ? null : refusalStatus(scheme, refusals),
          mediaTypes: streams(route) ? routeRenderers(route, []).map((renderer) => renderer.mediaType) : route.renderers === null ? source.mediaTypes : route.renderers.map((renderer) => renderer.mediaType),
          parsers: source.parsers,
          versionNote: scheme === appScheme && request !== null ? request.note : null,
          warn: routeWarn,
          errors: errorFormat,
          oas,
        });
        const format = formatParameter(source, route);
        // Unless the route takes a parameter of that name itself: its own is what it reads.
        if (format !== null && !((operation.parameters ?? []) as { name: string; in: string }[]).some((p) => p.in === 'query' && p.name === format.name)) {
          operation.parameters = [...((operation.parameters ?? []) as Record<string, unknown>[]), format];
        }
        written.push({ operation, where: routeName(route) });
        if (operation.parameters) operation.parameters = renamed(operation.parameters as Record<string, unknown>[], names, key.names);
        for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
        if (placement.servers && scheme !== appScheme) operation.servers = placement.servers.map((server) => ({ ...server }));
        if (route.host != null) {
          operation.servers = hostServersOf(route.host, source.origin);
          // What the typed client fills in: the route's host, its host parameters named (docs/client.md).
          const template = hostTemplateOf(route.host);
          if (template !== null) operation['x-waymark-host'] = template;
        }
        placeOperation((paths[key.path] ??= {}) as Record<string, unknown>, method, operation, oas, (reason) => warn(`${routeName(route)}: ${reason}.`));
      }
      // A RegExp path's template is not what it matches (a group may span segments): it takes no other route's requests.
      if (route.pattern.regexp === null) shadows.add(route, answered, form, placement.filled, route.requirements);
    }
  }
  nameSchemas(written, named);
  const info = { ...parts.info, title: parts.info?.title ?? 'API', version: parts.info?.version ?? version ?? source.history?.served ?? 'unversioned' };
  const listed = parts.tags ?? [];
  const components: OpenApiDocument['components'] = { schemas: named.finish() };
  if (parts.securitySchemes !== undefined) components.securitySchemes = parts.securitySchemes;
  const webhooks = webhooksOf(source.openapi?.webhooks, source.history, version, warn);
  // A copy: the operations hold the app's own schema objects, and a caller that edits its document must change neither the app nor the next document.
  return structuredClone({
    openapi: oas === '3.2' ? '3.2.0' : '3.1.0',
    info,
    servers: serversOf(parts, appScheme, source.origin, version),
    ...(request === null ? {} : { 'x-waymark-versioning': request.extension }),
    tags: [...listed, ...[...tags].filter((tag) => !listed.some((entry) => entry.name === tag)).map((name) => ({ name }))],
    paths,
    ...(webhooks === undefined ? {} : { webhooks }),
    components,
  });
}

/**
 * The document's servers: the options' when given; else the host-name
 * scheme's host of the version, `origin`, or `/` (what a client assumes
 * without servers, said explicitly).
 */
function serversOf(parts: OpenApiDocumentOptions, scheme: VersioningScheme | null, origin: string | null, version: string | null): OpenApiDocument['servers'] {
  if (parts.servers !== undefined) return parts.servers.map((server) => ({ ...server }));
  // Told by its description, as the placement of operations is: a host scheme of the app's own gets them too.
  if (scheme?.describe?.().carrier === 'host') return hostServers(origin, version);
  return [{ url: origin ?? '/' }];
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
