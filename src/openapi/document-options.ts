import type { OpenApiDocumentOptions } from '../model/openapi';
import type { RouteRecord } from '../model/route';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import { describedBy } from './security';

type Fail = (message: string) => never;

const KNOWN = ['version', 'info', 'servers', 'securitySchemes', 'tags', 'webhooks', 'components'];
const INFO_FIELDS = ['title', 'version', 'description', 'summary', 'termsOfService', 'contact', 'license'];

/**
 * The document-wide options (`AppOptions.openapi`, or those of one
 * `app.openapi()` call) checked and copied; `fail` throws the error of the
 * caller (`ImproperlyConfigured` when the app is built, `InvalidArgument` for a call).
 */
export function checkDocumentOptions(options: unknown, where: string, fail: Fail, known: readonly string[] = KNOWN): OpenApiDocumentOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail(`${where} must be an object { ${known.join(', ')} }.`);
  const given = options as Record<string, unknown>;
  const unknown = Object.keys(given).find((key) => !known.includes(key));
  if (unknown !== undefined) fail(`${where}: unknown option "${unknown}". Known options: ${known.join(', ')}.`);
  const checked: OpenApiDocumentOptions = {};
  if (given.version !== undefined) checked.version = checkOpenApiVersion(given.version, `${where} version`, fail);
  if (given.info !== undefined) checked.info = checkInfo(given.info, `${where} info`, fail);
  if (given.servers !== undefined) checked.servers = listOf(given.servers, `${where} servers`, fail, ['url', 'description'], "[{ url: 'https://api.example.com' }]");
  if (given.tags !== undefined) checked.tags = listOf(given.tags, `${where} tags`, fail, ['name', 'description'], "[{ name: 'users', description: 'People' }]");
  if (given.securitySchemes !== undefined) checked.securitySchemes = checkSchemes(given.securitySchemes, `${where} securitySchemes`, fail);
  if (given.webhooks !== undefined) checked.webhooks = checkWebhooks(given.webhooks, `${where} webhooks`, fail);
  if (given.components !== undefined) checked.components = checkComponents(given.components, `${where} components`, fail);
  return checked;
}

/** The OpenAPI version of the documents: `'3.1'` or `'3.2'` (docs/streams.md#in-the-documents). */
export function checkOpenApiVersion(version: unknown, where: string, fail: Fail): '3.1' | '3.2' {
  if (version !== '3.1' && version !== '3.2') fail(`${where} must be '3.1' or '3.2' (the OpenAPI version of the documents), got ${JSON.stringify(version)}.`);
  return version as '3.1' | '3.2';
}

/** `{ name: schema }`: each webhook's payload, a JSON Schema, TypeBox value or Standard Schema validator (the object is kept: a history finds schemas by identity). */
function checkWebhooks(webhooks: unknown, where: string, fail: Fail): NonNullable<OpenApiDocumentOptions['webhooks']> {
  if (typeof webhooks !== 'object' || webhooks === null || Array.isArray(webhooks)) fail(`${where} must be an object of payload schemas by webhook name, such as { 'user.created': User }.`);
  const checked: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(webhooks as object)) {
    const ok = typeof schema === 'boolean' || isStandardSchema(schema) || (typeof schema === 'object' && schema !== null && !Array.isArray(schema));
    if (!ok) fail(`${where}.${name} must be the payload's schema (a JSON Schema, a TypeBox value or a Standard Schema validator), got ${JSON.stringify(schema) ?? typeof schema}.`);
    checked[name] = schema as Schema;
  }
  return checked;
}

function checkInfo(info: unknown, where: string, fail: Fail): NonNullable<OpenApiDocumentOptions['info']> {
  if (typeof info !== 'object' || info === null || Array.isArray(info)) fail(`${where} must be an object { title?, version?, description?, ... }.`);
  const unknown = Object.keys(info as object).find((key) => !INFO_FIELDS.includes(key) && !key.startsWith('x-'));
  if (unknown !== undefined) fail(`${where}: "${unknown}" is not a field of an OpenAPI Info object. Known fields: ${INFO_FIELDS.join(', ')}, and x- extensions.`);
  for (const key of ['title', 'version', 'description', 'summary', 'termsOfService']) {
    const value = (info as Record<string, unknown>)[key];
    if (value !== undefined && typeof value !== 'string') fail(`${where}.${key} must be a string, got ${JSON.stringify(value)}.`);
  }
  return structuredClone(info as NonNullable<OpenApiDocumentOptions['info']>);
}

function listOf<T>(list: unknown, where: string, fail: Fail, fields: readonly string[], example: string): T[] {
  const [first, ...optional] = fields;
  const ok =
    Array.isArray(list) &&
    list.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry[first] === 'string' &&
        entry[first] !== '' &&
        Object.keys(entry).every((key) => fields.includes(key)) &&
        optional.every((key) => entry[key] === undefined || typeof entry[key] === 'string'),
    );
  if (!ok) fail(`${where} must be an array of { ${first}, ${optional.map((key) => `${key}?`).join(', ')} } with string values, such as ${example}.`);
  return (list as T[]).map((entry) => ({ ...entry }));
}

function checkComponents(components: unknown, where: string, fail: Fail): NonNullable<OpenApiDocumentOptions['components']> {
  if (typeof components !== 'object' || components === null || Array.isArray(components)) fail(`${where} must be an object of schemas by name, such as { Profile: ProfileSchema }.`);
  for (const [name, schema] of Object.entries(components as object)) {
    if (!/^[\w.-]+$/.test(name)) fail(`${where}: "${name}" is not a usable component name (letters, digits, '.', '-', '_').`);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) fail(`${where}.${name} must be a JSON Schema object (a TypeBox value) or a Standard Schema validator (zod...).`);
  }
  // Not copied: a route's schema is matched to its name by identity (docs/openapi.md#components).
  return { ...(components as object) };
}

function checkSchemes(schemes: unknown, where: string, fail: Fail): NonNullable<OpenApiDocumentOptions['securitySchemes']> {
  if (typeof schemes !== 'object' || schemes === null || Array.isArray(schemes)) fail(`${where} must be an object of security schemes by name, such as { bearerAuth: { type: 'http', scheme: 'bearer' } }.`);
  for (const [name, scheme] of Object.entries(schemes as object)) {
    if (!/^[\w.-]+$/.test(name)) fail(`${where}: "${name}" is not a usable component name (letters, digits, '.', '-', '_').`);
    if (typeof scheme !== 'object' || scheme === null || typeof (scheme as { type?: unknown }).type !== 'string') {
      fail(`${where}.${name} must be an OpenAPI security scheme with a type, such as { type: 'http', scheme: 'bearer' } or { type: 'apiKey', in: 'header', name: 'X-API-Key' }.`);
    }
  }
  return structuredClone(schemes as NonNullable<OpenApiDocumentOptions['securitySchemes']>);
}

/**
 * Every security scheme a route's guards name must be one the options
 * declare: a requirement naming an undeclared scheme is not a valid document.
 */
export function checkGuardSchemes(routes: readonly RouteRecord[], schemes: OpenApiDocumentOptions['securitySchemes'], fail: Fail): void {
  const declared = Object.keys(schemes ?? {});
  // Indexed, and routes without guards skipped first: this runs at every build, over every route.
  for (let index = 0; index < routes.length; index++) {
    const route = routes[index];
    const guards = route.bindings.length === 0 ? route.guards : describedBy(route);
    if (guards.length === 0) continue;
    for (const guard of guards) {
      for (const requirement of guard.security) {
        const missing = Object.keys(requirement).find((name) => !declared.includes(name));
        if (missing === undefined) continue;
        const where = route.fullName ?? `${route.controller.name}.${String(route.handler)}`;
        fail(
          `A guard of ${where} requires the security scheme "${missing}", which the securitySchemes of createApp({ openapi }) (or of this app.openapi() call) do not declare` +
            `${declared.length ? ` (it declares ${declared.join(', ')})` : ''}. Add it, such as openapi: { securitySchemes: { ${missing}: { type: 'http', scheme: 'bearer' } } }.`,
        );
      }
    }
  }
}
