import { jsLiteral } from './text';

/**
 * TypeScript types from JSON Schema (draft 2020-12, as OpenAPI 3.1 documents
 * hold it), for the generated client. Hand-written rather than a generator
 * package: the client must be one dependency-free file, the subset a document
 * holds is small, and json-schema-to-typescript would bring prettier and
 * file-level declarations this file does not want. See docs/client.md.
 *
 * The type is what a value valid against the schema may be, except members an
 * object does not declare, which are typed only when `additionalProperties`
 * says so (as openapi-typescript does); where a keyword has no type
 * counterpart (`minLength`, `pattern`, `if`), the type is wider.
 */

/** How deep nested schemas are followed before the type gives up with `unknown`. */
const MAX_DEPTH = 32;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property name as TypeScript writes it. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : jsLiteral(name);
}

/** The name a `#/components/schemas/<name>` reference has in the generated file, or `undefined` for another reference. */
export type RefNamer = (ref: string) => string | undefined;

/** The type of values valid against `schema`; `io` picks what `readOnly`/`writeOnly` members mean. */
export function typeOf(schema: unknown, refName: RefNamer, io: 'request' | 'response', depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH) return 'unknown';
  const s = schema as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof s.$ref === 'string') parts.push(refName(s.$ref) ?? 'unknown');
  if ('const' in s) parts.push(literal(s.const));
  else if (Array.isArray(s.enum)) parts.push(s.enum.length === 0 ? 'never' : s.enum.map(literal).join(' | '));
  else if (s.type !== undefined || s.properties !== undefined || s.items !== undefined || s.prefixItems !== undefined) parts.push(byType(s, refName, io, depth));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0) parts.push(branches.map((branch) => group(typeOf(branch, refName, io, depth + 1))).join(' | '));
  }
  if (Array.isArray(s.allOf)) for (const branch of s.allOf) parts.push(typeOf(branch, refName, io, depth + 1));
  const known = parts.filter((part) => part !== 'unknown');
  if (known.length === 0) return 'unknown';
  return known.length === 1 ? known[0] : known.map(group).join(' & ');
}

function byType(s: Record<string, unknown>, refName: RefNamer, io: 'request' | 'response', depth: number): string {
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : s.type === undefined ? [s.properties !== undefined ? 'object' : 'array'] : [s.type];
  return types.map((type) => {
    switch (type) {
      case 'string':
        return s.contentMediaType !== undefined || s.format === 'binary' ? (io === 'request' ? 'Blob' : 'string') : 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return arrayType(s, refName, io, depth);
      case 'object':
        return objectType(s, refName, io, depth);
      default:
        return 'unknown';
    }
  }).join(' | ');
}

function arrayType(s: Record<string, unknown>, refName: RefNamer, io: 'request' | 'response', depth: number): string {
  const rest = s.items === false ? null : typeOf(s.items ?? true, refName, io, depth + 1);
  if (!Array.isArray(s.prefixItems)) return `${group(rest ?? 'never')}[]`;
  const min = typeof s.minItems === 'number' ? s.minItems : 0;
  const items = s.prefixItems.map((item, index) => `${typeOf(item, refName, io, depth + 1)}${index < min ? '' : '?'}`);
  if (rest !== null) items.push(`...${group(rest)}[]`);
  return `[${items.join(', ')}]`;
}

function objectType(s: Record<string, unknown>, refName: RefNamer, io: 'request' | 'response', depth: number): string {
  const properties = (typeof s.properties === 'object' && s.properties !== null ? s.properties : {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const members: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const flags = typeof property === 'object' && property !== null ? (property as Record<string, unknown>) : {};
    // A request never sends a readOnly member; a response never has a writeOnly one.
    if ((io === 'request' && flags.readOnly === true) || (io === 'response' && flags.writeOnly === true)) continue;
    members.push(`${propertyKey(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, refName, io, depth + 1)}`);
  }
  // As openapi-typescript does: members a schema does not declare are typed only when it says
  // `additionalProperties` (a waymark response never sends undeclared members: docs/contracts.md).
  // A single catch-all `patternProperties` (TypeBox's `Type.Record(Type.String(), T)`) types every member, as `additionalProperties: T`
  // would; `additionalProperties` then applies to no name.
  const extra = catchAll(s.patternProperties) ?? s.additionalProperties;
  if (extra !== undefined && extra !== false) {
    members.push(`[key: string]: ${extra === true ? 'unknown' : widen(typeOf(extra, refName, io, depth + 1), members.length > 0)}`);
  }
  if (members.length > 0) return `{ ${members.join('; ')} }`;
  return extra === false || Object.keys(properties).length > 0 ? 'Record<string, never>' : '{ [key: string]: unknown }';
}

/** Patterns every property name matches: `.*` however it is anchored or grouped (`^(.*)$`, TypeBox's). */
const CATCH_ALL = /^\^?(?:\.\*|\(\.\*\)|\(\?:\.\*\))\$?$/;

/** The value schema of `patternProperties` whose one pattern matches every name; `undefined` otherwise. */
function catchAll(patterns: unknown): unknown {
  if (typeof patterns !== 'object' || patterns === null) return undefined;
  const entries = Object.entries(patterns);
  return entries.length === 1 && CATCH_ALL.test(entries[0][0]) ? entries[0][1] : undefined;
}

/** An index signature must admit every declared member's type: with members beside it, it is `unknown`. */
function widen(type: string, hasMembers: boolean): string {
  return hasMembers ? 'unknown' : type;
}

function literal(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return jsLiteral(value);
  return 'unknown';
}

/** Parenthesises a union or intersection, so that `[]`, `|` and `&` around it keep their meaning. */
function group(type: string): string {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '{' || char === '[' || char === '(' || char === '<') depth++;
    else if (char === '}' || char === ']' || char === ')' || char === '>') depth--;
    else if (depth === 0 && (char === '|' || char === '&')) return `(${type})`;
  }
  return type;
}
