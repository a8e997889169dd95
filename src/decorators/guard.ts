import type { Middleware } from 'koa';
import { ImproperlyConfigured } from '../errors';
import type { GuardEntry, GuardInfo, GuardResponse, SecurityRequirement } from '../model/guard';
import { checkSchema } from '../schema/kinds';

const KNOWN = ['middleware', 'responses', 'security'];

/**
 * A guard as given to `@Use()` or `include(..., { use })`, checked: plain
 * middleware, `{ middleware, responses?, security? }`, or a middleware
 * function carrying `responses`/`security` properties. Misuse is an
 * `ImproperlyConfigured` naming `where` and the fix.
 */
export function guardEntry(value: unknown, where: string): GuardEntry {
  if (typeof value === 'function') {
    const { responses, security } = value as { responses?: unknown; security?: unknown };
    return { middleware: value as Middleware, info: infoOf(responses, security, where) };
  }
  if (typeof value !== 'object' || value === null || typeof (value as { middleware?: unknown }).middleware !== 'function') {
    throw new ImproperlyConfigured(`${where} takes Koa middleware functions or described guards { middleware, responses?, security? }; got ${describe(value)}.`);
  }
  const unknown = Object.keys(value).find((key) => !KNOWN.includes(key));
  if (unknown !== undefined) throw new ImproperlyConfigured(`${where}: a described guard has no option "${unknown}". Known options: ${KNOWN.join(', ')}.`);
  const { middleware, responses, security } = value as { middleware: Middleware; responses?: unknown; security?: unknown };
  return { middleware, info: infoOf(responses, security, where) ?? { responses: [], security: [] } };
}

function infoOf(responses: unknown, security: unknown, where: string): GuardInfo | null {
  if (responses === undefined && security === undefined) return null;
  const described = describedOf(responses, where);
  const info = { responses: statusesOf(responses, where), security: requirementsOf(security, where) };
  return Object.freeze(described.length === 0 ? info : { ...info, described });
}

const isStatus = (status: unknown) => Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599;

function statusesOf(responses: unknown, where: string): readonly number[] {
  if (responses === undefined) return [];
  const statusOf = (entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { status?: unknown }).status : entry);
  if (!Array.isArray(responses) || responses.some((entry) => !isStatus(statusOf(entry)))) {
    throw new ImproperlyConfigured(
      `${where}: a guard's responses must be an array of problem statuses from 400 to 599 (or { status, schema }), such as [401, 403]; got ${describe(responses)}.`,
    );
  }
  return Object.freeze([...new Set(responses.map(statusOf) as number[])]);
}

/** The `{ status, schema?, description? }` entries, checked (the statuses already are). */
function describedOf(responses: unknown, where: string): readonly GuardResponse[] {
  if (!Array.isArray(responses)) return [];
  const described: GuardResponse[] = [];
  for (const entry of responses as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const unknown = Object.keys(entry).find((key) => !['status', 'schema', 'description'].includes(key));
    if (unknown !== undefined) throw new ImproperlyConfigured(`${where}: a guard's response has no option "${unknown}". Known options: status, schema, description.`);
    const { status, schema, description } = entry as { status: number; schema?: unknown; description?: unknown };
    if (description !== undefined && typeof description !== 'string') throw new ImproperlyConfigured(`${where}: a guard's response description must be a string; got ${describe(description)}.`);
    described.push(Object.freeze({ status, ...(schema === undefined ? {} : { schema: checkSchema(schema, `${where}: the schema of a guard's ${status} response`) }), ...(description === undefined ? {} : { description }) }));
  }
  return Object.freeze(described);
}

function requirementsOf(security: unknown, where: string): readonly SecurityRequirement[] {
  if (security === undefined) return [];
  const list = Array.isArray(security) ? security : [security];
  for (const requirement of list) {
    const valid =
      typeof requirement === 'object' &&
      requirement !== null &&
      !Array.isArray(requirement) &&
      Object.values(requirement).every((scopes) => Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string'));
    if (!valid) {
      throw new ImproperlyConfigured(
        `${where}: a guard's security must be an OpenAPI security requirement such as { bearerAuth: [] } (scheme name to scopes), or an array of them; got ${describe(security)}.`,
      );
    }
  }
  return Object.freeze(list.map((requirement) => Object.freeze(Object.fromEntries(Object.entries(requirement as object).map(([name, scopes]) => [name, Object.freeze([...scopes])])))));
}

function describe(value: unknown): string {
  if (typeof value === 'function') return `the function ${value.name || '(anonymous)'}`;
  return JSON.stringify(value) ?? String(value);
}
