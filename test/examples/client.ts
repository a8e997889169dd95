import RandExp from 'randexp';
import type { OpenApiDocument, OpenApiOperation } from '../../src';

type Schema = { type?: string; enum?: unknown[]; examples?: unknown[]; pattern?: string; properties?: Record<string, Schema>; required?: string[]; minLength?: number } & Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

/** One request a generated client would send for an operation. */
export interface ClientRequest {
  method: string;
  /** Path and query, as sent. */
  target: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * A value for a schema, as a client that knows only the document would pick
 * it: an `enum` or `examples` entry; else, for a number, `1` when the pattern
 * allows it (the sample's users are 1 and 2); else a string the `pattern`
 * generates (randexp, seeded so that runs repeat), else a plain word.
 */
export function exampleOf(schema: Schema = {}, random = seeded(1)): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.examples) return schema.examples[0];
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u');
  if (schema.type === 'number' || schema.type === 'integer') return pattern === null || pattern.test('1') ? 1 : generate(pattern, random);
  if (schema.type === 'boolean') return true;
  if (schema.type === 'object' || schema.properties) {
    return Object.fromEntries((schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name], random)]));
  }
  if (pattern) return generate(pattern, random);
  return 'x'.repeat(Math.max(1, schema.minLength ?? 7));
}

function generate(pattern: RegExp, random: () => number): string {
  const generator = new RandExp(pattern);
  generator.max = 3;
  generator.randInt = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  return generator.gen();
}

/** A small deterministic PRNG (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The request for `operation` at `path`: the template filled with example
 * values (each checked against its schema's pattern), every query and header
 * parameter sent, the host from `servers`, `Accept` from the success
 * response's first media type (which carries the version for the Accept
 * scheme), and a body from the request body's schema.
 */
export function requestFor(document: OpenApiDocument, path: string, method: string, operation: OpenApiOperation): ClientRequest {
  const random = seeded(7);
  const parameters = (operation.parameters ?? []) as Parameter[];
  const value = (parameter: Parameter) => {
    const example = String(exampleOf(parameter.schema, random));
    if (parameter.schema?.pattern && !new RegExp(parameter.schema.pattern, 'u').test(example)) {
      throw new Error(`example ${example} of ${parameter.name} does not match ${parameter.schema.pattern}`);
    }
    return example;
  };
  let target = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) throw new Error(`${method} ${path}: no parameter for {${name}}`);
    return encodeURIComponent(value(parameter));
  });
  const query = new URLSearchParams(parameters.filter((p) => p.in === 'query').map((p): [string, string] => [p.name, value(p)]));
  if ([...query].length > 0) target += `?${query}`;
  const servers = (operation.servers ?? document.servers) as { url: string }[] | undefined;
  const headers: Record<string, string> = { Host: servers ? new URL(servers[0].url, 'http://localhost:3000').host : 'localhost:3000' };
  for (const parameter of parameters.filter((p) => p.in === 'header')) headers[parameter.name] = value(parameter);
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1] as { content?: Record<string, unknown> } | undefined;
  // `*/*` after it, as clients send: a route that answers HTML is still negotiated over the app's media types.
  headers.Accept = `${Object.keys(success?.content ?? {})[0] ?? 'application/json'}, */*;q=0.1`;
  const request: ClientRequest = { method: method.toUpperCase(), target, headers };
  const body = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json'];
  if (body) {
    request.body = exampleOf(body.schema, random);
    headers['Content-Type'] = 'application/json';
  }
  return request;
}
