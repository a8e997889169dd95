import type { Arbitrary } from 'fast-check';
import { arbitraryOf, invalidTexts } from './arbitrary';
import type { Fc } from './fast-check';
import type { DocumentedParameter, Operation, SchemaValue } from './operations';
import { encodeBody, isJsonType } from './bodies';
import type { ContractRequest } from './send';
import type { DocumentSchemas } from './validator';

export type { ContractRequest };

type Values = Record<string, unknown>;
interface Parts {
  values: Values;
  body: { type: string; text: string } | null;
  invalid: string | null;
}
type Mutation = (parts: Parts) => Parts;

/** What generating an operation's requests needs beside the operation. */
export interface RequestSources {
  readonly fc: Fc;
  readonly schemas: DocumentSchemas;
  /** Path parameters of resources that exist (read from a create operation's responses). */
  readonly known: readonly Readonly<Record<string, string>>[];
  /** Headers that satisfy the operation's security (`authorize`). */
  readonly auth: Readonly<Record<string, string>>;
}

const key = (parameter: DocumentedParameter) => `${parameter.in} ${parameter.name}`;
/** Header values stay visible ASCII without surrounding blanks, which a server would trim. */
const HEADER_SAFE = { test: (text: string) => /^[\x20-\x7e]*$/.test(text) && text.trim() === text };

/**
 * Requests for one operation: valid ones, as the document allows them, and
 * (one in four) invalid ones that break exactly one thing the document
 * requires: a parameter's value, a required parameter left out, a body that
 * is missing, malformed, of the wrong media type or against its schema.
 */
export function requestsOf(operation: Operation, sources: RequestSources): Arbitrary<ContractRequest> {
  const { fc } = sources;
  const valid = validParts(operation, sources);
  const mutations = mutationsOf(operation, sources);
  const parts = mutations.length === 0 ? valid : fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: fc.tuple(valid, fc.oneof(...mutations)).map(([base, mutate]) => mutate(base)), weight: 1 });
  return parts.map((each) => render(operation, each, sources));
}

function valueOf(sources: RequestSources, schema: SchemaValue, parameter?: DocumentedParameter): Arbitrary<unknown> {
  const { fc, schemas } = sources;
  let values = arbitraryOf(fc, schema, schemas.resolve).filter(bounded(schema, (value) => schemas.accepts(schema, value)));
  if (parameter?.in === 'header' || parameter?.in === 'cookie') values = values.filter((value) => textsOf(value).every((text) => HEADER_SAFE.test(text)));
  // An empty segment is another path (`/users/` is not `/users/{id}`).
  if (parameter?.in === 'path') values = values.filter((value) => textsOf(value).join(',') !== '');
  return values;
}

/** Refusals in a row before a schema is declared one the generator cannot draw values of: a hang would prove nothing. */
const MAX_REFUSALS = 1000;

/** `accepts` as a filter that throws, naming the schema, after too many refusals in a row. */
function bounded(schema: SchemaValue, accepts: (value: unknown) => boolean): (value: unknown) => boolean {
  let refused = 0;
  return (value) => {
    if (accepts(value)) {
      refused = 0;
      return true;
    }
    if (++refused >= MAX_REFUSALS) {
      throw new Error(`cannot draw values the schema ${JSON.stringify(schema).slice(0, 200)} accepts (${MAX_REFUSALS} refused in a row): skip the route, or give the schema keywords docs/testing.md lists`);
    }
    return false;
  };
}

function validParts(operation: Operation, sources: RequestSources): Arbitrary<Parts> {
  const { fc } = sources;
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters) {
    const values = valueOf(sources, parameter.schema, parameter);
    model[key(parameter)] = parameter.required ? values : fc.option(values, { nil: undefined, freq: 3 });
  }
  let values: Arbitrary<Values> = fc.record(model);
  const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map(key);
  if (sources.known.length > 0 && pathNames.length > 0) {
    // Resources a create operation made: reached as often as made-up ones, so the detail route answers 2xx too.
    const known = fc.constantFrom(...sources.known).map((found) => Object.fromEntries(pathNames.map((name) => [name, found[name.slice(5)]])));
    values = fc.tuple(values, fc.option(known, { nil: undefined, freq: 2 })).map(([generated, found]) => ({ ...generated, ...(found ?? {}) }));
  }
  const bodies = bodiesOf(operation, sources);
  return fc.record({ values, body: bodies, invalid: fc.constant(null) });
}

function bodiesOf(operation: Operation, sources: RequestSources): Arbitrary<Parts['body']> {
  const { fc } = sources;
  if (operation.body === null) return fc.constant(null);
  const options = Object.entries(operation.body.content).flatMap(([type, media]) => {
    const schema = media.schema ?? true;
    const encoded = valueOf(sources, schema).map((value) => encodeBody(type, value));
    return [encoded.filter((body): body is NonNullable<typeof body> => body !== null)];
  });
  if (options.length === 0) return fc.constant(null);
  const body = fc.oneof(...options);
  return operation.body.required ? body : fc.option(body, { nil: null, freq: 4 });
}

function mutationsOf(operation: Operation, sources: RequestSources): Arbitrary<Mutation>[] {
  const { fc, schemas } = sources;
  const mutations: Arbitrary<Mutation>[] = [];
  for (const parameter of operation.parameters) {
    const name = key(parameter);
    const texts = invalidTexts(parameter.schema, schemas.resolve).filter((text) => parameter.in === 'path' ? text !== '' : parameter.in === 'query' || HEADER_SAFE.test(text));
    if (texts.length > 0) {
      mutations.push(fc.constantFrom(...texts).map((text) => (parts: Parts) => ({ ...parts, values: { ...parts.values, [name]: text }, invalid: `${parameter.in} parameter '${parameter.name}' is ${JSON.stringify(text)}` })));
    }
    // A parameter with one possible value chooses a variant (the query scheme's version): left out, another variant answers.
    if (parameter.required && parameter.in !== 'path' && !isFixed(parameter.schema)) {
      mutations.push(fc.constant((parts: Parts) => ({ ...parts, values: { ...parts.values, [name]: undefined }, invalid: `required ${parameter.in} parameter '${parameter.name}' is missing` })));
    }
  }
  const body = operation.body;
  if (body !== null) {
    const types = Object.keys(body.content);
    if (body.required) mutations.push(fc.constant((parts: Parts) => ({ ...parts, body: null, invalid: 'the required body is missing' })));
    if (!types.some((type) => type === '*/*' || type.startsWith('text/'))) {
      mutations.push(fc.constant((parts: Parts) => ({ ...parts, body: { type: 'text/plain', text: 'not a documented media type' }, invalid: 'the body is text/plain, a media type the operation does not take' })));
    }
    for (const [type, media] of Object.entries(body.content)) {
      if (!isJsonType(type)) continue;
      mutations.push(fc.constant((parts: Parts) => ({ ...parts, body: { type, text: '{"unfinished": ' }, invalid: `the ${type} body is malformed` })));
      const schema = media.schema;
      if (schema === undefined || schema === true) continue;
      const wrong = fc.constantFrom<unknown>(null, 42, 'text', [], {}, true).filter((value) => !schemas.accepts(schema, value));
      mutations.push(wrong.map((value) => (parts: Parts) => ({ ...parts, body: { type, text: JSON.stringify(value) }, invalid: `the ${type} body is ${JSON.stringify(value)}, which its schema refuses` })));
      mutations.push(brokenMembers(sources, schema, type));
    }
  }
  return mutations;
}

/** A valid body with one required member left out or one member of a wrong type, kept only when the schema then refuses it. */
function brokenMembers(sources: RequestSources, schema: SchemaValue, type: string): Arbitrary<Mutation> {
  const { fc, schemas } = sources;
  const wrongValues: unknown[] = [null, 42, 'text', [], {}, true];
  return fc
    .tuple(valueOf(sources, schema), fc.nat(), fc.nat({ max: wrongValues.length }))
    .map(([value, pick, wrong]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
      const members = Object.keys(value);
      if (members.length === 0) return null;
      const member = members[pick % members.length];
      const broken: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (wrong === wrongValues.length) delete broken[member];
      else broken[member] = wrongValues[wrong];
      if (schemas.accepts(schema, broken)) return null;
      const what = wrong === wrongValues.length ? `has no '${member}'` : `has '${member}': ${JSON.stringify(wrongValues[wrong])}`;
      return { text: JSON.stringify(broken), what };
    })
    .filter((found): found is { text: string; what: string } => found !== null)
    .map(({ text, what }) => (parts: Parts) => ({ ...parts, body: { type, text }, invalid: `the ${type} body ${what}, which its schema refuses` }));
}

function isFixed(schema: SchemaValue): boolean {
  return typeof schema === 'object' && ('const' in schema || (Array.isArray(schema.enum) && schema.enum.length === 1));
}

/** A value as parameter text: arrays give one text per item, objects JSON, null nothing. */
function textsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

function render(operation: Operation, parts: Parts, sources: RequestSources): ContractRequest {
  const query = new URLSearchParams();
  const headers: Record<string, string> = { host: operation.server.host, ...sources.auth };
  const cookies: string[] = [];
  let path = operation.path;
  for (const parameter of operation.parameters) {
    const value = parts.values[key(parameter)];
    if (value === undefined) continue;
    const texts = typeof value === 'string' ? [value] : textsOf(value);
    if (parameter.in === 'path') path = path.split(`{${parameter.name}}`).join(encodeURIComponent(texts.join(',')));
    else if (parameter.in === 'query') for (const text of texts) query.append(parameter.name, text);
    else if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = texts.join(',');
    else cookies.push(`${parameter.name}=${encodeURIComponent(texts.join(','))}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const accept = acceptOf(operation);
  if (accept !== null) headers.accept = accept;
  if (parts.body !== null) headers['content-type'] = parts.body.type;
  const base = operation.server.pathname.replace(/\/$/, '');
  const search = query.toString();
  return { method: operation.method, url: `${base}${path}${search === '' ? '' : `?${search}`}`, headers, ...(parts.body === null ? {} : { body: parts.body.text }), invalid: parts.invalid };
}

/** What a client of the document asks for: the media types of its success responses (the Accept scheme's carry the version). */
function acceptOf(operation: Operation): string | null {
  const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
  const types = [...new Set(success.flatMap(([, content]) => Object.keys(content ?? {})))];
  return types.length === 0 ? null : types.join(', ');
}
