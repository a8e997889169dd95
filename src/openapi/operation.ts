import type { RouteRecord } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { isDeprecated, isRetiring } from './lifecycle';
import { controllerTag, routeName } from './operation-id';
import { bindsInput, parametersOf } from './parameters';
import { requestBodyOf } from './request-body';
import type { Parser } from '../model/parser';
import type { PathForm } from './paths';
import type { Placement } from './placement';
import { responsesOf } from './responses';
import type { ErrorDocs } from './errors';
import type { Warn } from './schemas';
import { describedBy, securityOf } from './security';
import { paramsOf } from '../table/tokens';
import { shownSchema } from './schemas';

/** One operation of an OpenAPI document; see the OpenAPI 3.1 Operation Object for the other fields. */
export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, unknown>;
  [field: string]: unknown;
}

export interface OperationFacts {
  route: RouteRecord;
  operationId: string;
  form: PathForm;
  placement: Placement;
  /** The route's scheme (the app's, its controller's, or `null`) and the version a request to it has. */
  scheme: VersioningScheme | null;
  version: string | null;
  /** The status the scheme refuses a version with (404, or 406 for the Accept header), `null` without a scheme. */
  refusal: number | null;
  /** The route's renderers' media types (the app's when it names none). */
  mediaTypes: readonly string[];
  /** The app's parsers (`AppOptions.parsers`); absent: JSON. */
  parsers?: readonly Parser[];
  /** How a client asks for the version, when the operation must say it (the Accept header). */
  versionNote: string | null;
  warn: Warn;
  /** How error responses are written (`AppOptions.errors`); absent: problem documents, validation 400. */
  errors?: ErrorDocs;
  /** The document's OpenAPI version (docs/streams.md#in-the-documents). */
  oas?: '3.1' | '3.2';
}

/**
 * One operation: what the route says of itself, its parameters and body,
 * its security (from its described guards), and every status it can answer
 * (docs/openapi.md#statuses): its documented responses; 400 when it binds
 * input; its guards' statuses; 404 when it has path parameters; the
 * scheme's refusal (404, or 406 for the Accept header); 406 when no media
 * type fits; 410 when its version retires; 413 and 415 when it reads a body.
 */
export function operationOf(facts: OperationFacts): OpenApiOperation {
  const { route, form, placement, scheme, version, warn } = facts;
  const { docs } = route;
  const operation: OpenApiOperation = { operationId: facts.operationId, 'x-waymark-route': routeName(route), summary: docs.summary ?? routeName(route), responses: {} };
  const description = [docs.description, facts.versionNote].filter((text) => text !== undefined && text !== null).join('\n\n');
  if (description !== '') operation.description = description;
  const tag = controllerTag(route.controller);
  if (docs.tags !== undefined) operation.tags = [...docs.tags];
  else if (tag !== null) operation.tags = [tag];
  if (scheme !== null && isDeprecated(scheme, version)) operation.deprecated = true;
  const parameters = parametersOf(route, form, placement, warn);
  if (parameters.length > 0) operation.parameters = parameters;
  const requestBody = requestBodyOf(route, facts.parsers, warn);
  if (requestBody) operation.requestBody = requestBody;
  const guards = describedBy(route);
  operation.security = securityOf(guards);
  const problems = [406, ...guards.flatMap((guard) => guard.responses)];
  const validation = facts.errors?.validation ?? 400;
  if (bindsInput(route)) problems.push(validation);
  if (paramsOf(form).some(({ name }) => !placement.filled.has(name))) problems.push(404);
  if (facts.refusal !== null) problems.push(facts.refusal);
  if (scheme !== null && isRetiring(scheme, version)) problems.push(410);
  if (requestBody) problems.push(413, 415);
  // With validation failures at 422, a body that does not parse is still a 400.
  if (requestBody && validation !== 400) problems.push(400);
  const mediaTypes = facts.mediaTypes.map((type) => type + placement.mediaSuffix);
  operation.responses = responsesOf({ docs, mediaTypes, problems, warn, errorContent: facts.errors?.content, oas: facts.oas });
  guardResponses(operation.responses, route, facts.errors?.mediaType ?? 'application/problem+json', warn);
  return operation;
}

/**
 * A guard's or a `createParameter()` parameter's `{ status, schema }` responses: its own body
 * under the app's error media type, in the entry generated for that status (a route that
 * documents the status, or a `4XX`/`default` covering it, says what it sends instead).
 */
function guardResponses(responses: Record<string, unknown>, route: RouteRecord, mediaType: string, warn: Warn): void {
  for (const guard of describedBy(route)) {
    for (const { status, schema, description } of guard.described ?? []) {
      if (schema === undefined || Object.hasOwn(route.docs.responses ?? {}, String(status)) || !Object.hasOwn(responses, String(status))) continue;
      const entry = responses[String(status)] as Record<string, unknown>;
      responses[String(status)] = { ...entry, ...(description === undefined ? {} : { description }), content: { [mediaType]: { schema: shownSchema(schema, 'output', warn) } } };
    }
  }
}
