import { change, type Change } from './rules';
import { resolve, type Json } from './schema';

/** One way of authenticating: the schemes it needs, each with the scopes it needs. */
type Requirement = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The operation's security (its own, else the document's) as the
 * alternatives a request may satisfy; an empty list or an empty requirement
 * means a request without credentials is accepted.
 */
function requirementsOf(operation: Json, document: Json): Requirement[] {
  const listed = (operation.security ?? document.security ?? []) as unknown;
  if (!Array.isArray(listed) || listed.length === 0) return [new Map()];
  return listed.map((entry) => new Map(Object.entries((entry ?? {}) as Record<string, unknown>).map(([scheme, scopes]) => [scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : [])])));
}

/** Whether credentials that satisfy `held` satisfy one of `alternatives`. */
function satisfies(held: Requirement, alternatives: readonly Requirement[]): boolean {
  return alternatives.some((needed) => [...needed].every(([scheme, scopes]) => {
    const own = held.get(scheme);
    return own !== undefined && [...scopes].every((scope) => own.has(scope));
  }));
}

/**
 * Security requirements against the older ones: tightened when some way an
 * old client authenticates no longer satisfies any alternative (a scheme or
 * a scope added, anonymous access removed); relaxed when a new alternative
 * accepts credentials the old ones refused.
 */
export function compareSecurity(before: { operation: Json; document: Json }, after: { operation: Json; document: Json }, at: string, changes: Change[]): void {
  const old = requirementsOf(before.operation, before.document);
  const now = requirementsOf(after.operation, after.document);
  if (old.some((held) => !satisfies(held, now))) changes.push(change('security-tightened', `${at} security`));
  if (now.some((held) => !satisfies(held, old))) changes.push(change('security-relaxed', `${at} security`));
}

/** A response's documented headers by lower-cased name (names are case-insensitive), `$ref`s followed. */
function headersOf(response: Json, document: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [name, raw] of Object.entries((response.headers ?? {}) as Json)) {
    const header = resolve(raw, document);
    if (typeof header === 'object' && name.toLowerCase() !== 'content-type') out.set(name.toLowerCase(), header);
  }
  return out;
}

/**
 * One response's headers against the older ones, as an old client reads
 * them: a header gone, or no longer always sent, breaks it; a new one does
 * not. Each kept header's schema is compared as a response value by `schemas`.
 */
export function compareHeaders(
  before: { response: Json; document: Json },
  after: { response: Json; document: Json },
  at: string,
  changes: Change[],
  schemas: (a: unknown, b: unknown, at: string) => void,
): void {
  const old = headersOf(before.response, before.document);
  const now = headersOf(after.response, after.document);
  for (const [name, header] of old) {
    const current = now.get(name);
    if (current === undefined) {
      changes.push(change('response-header-removed', `${at} header ${name}`));
      continue;
    }
    if (header.required === true && current.required !== true) changes.push(change('response-header-became-optional', `${at} header ${name}`));
    schemas(header.schema, current.schema, `${at} header ${name}`);
  }
  for (const name of now.keys()) if (!old.has(name)) changes.push(change('response-header-added', `${at} header ${name}`));
}

/** `style` and `explode` as OpenAPI 3.1 defaults them for the parameter's location. */
function serializationOf(parameter: Json): string {
  const style = typeof parameter.style === 'string' ? parameter.style : parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple';
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  return `${style}${explode ? '*' : ''}${parameter.allowReserved === true ? '+' : ''}`;
}

/** A parameter serialized another way (`style`, `explode`, `allowReserved`): what an old client writes is read differently. */
export function compareStyle(before: Json, after: Json, at: string, changes: Change[]): void {
  if (serializationOf(before) !== serializationOf(after)) changes.push(change('request-parameter-style-changed', at));
}
