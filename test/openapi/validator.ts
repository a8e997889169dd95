import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { App, OpenApiDocument, OpenApiOptions } from '../../src';

/**
 * Checks a document against the official OpenAPI 3.1 schema (the one the
 * OpenAPI Initiative publishes, as shipped by @seriousme/openapi-schema-validator),
 * failing with the validator's own errors.
 */
export async function expectValidOpenApi(document: unknown): Promise<void> {
  const validator = new Validator();
  // The validator keeps what it is given: hand it a copy so the caller's document stays as it was.
  const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
  expect(result.valid).to.equal(true);
  expect(validator.version).to.equal('3.1');
}

/** `app.openapi(options)`, validated: every document the tests look at is a valid OpenAPI 3.1 document. */
export async function documentOf(app: App, options?: OpenApiOptions): Promise<OpenApiDocument> {
  const document = app.openapi(options);
  await expectValidOpenApi(document);
  return document;
}

/** Every operation of a document as `METHOD path` → operation. */
export function operations(document: OpenApiDocument): Map<string, OpenApiDocument['paths'][string][string]> {
  const found = new Map<string, OpenApiDocument['paths'][string][string]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) found.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return found;
}

/**
 * A copy of `document` with each `$ref` to `#/components/schemas/...` replaced
 * by the component, as a client generator's bundler resolves it: for the
 * tests that draw values from schemas without a resolver of their own.
 */
export function inlineComponents<T>(document: T): T {
  const schemas = ((document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}) as Record<string, unknown>;
  const inline = (node: unknown, depth: number): unknown => {
    if (typeof node !== 'object' || node === null || depth > 32) return node;
    if (Array.isArray(node)) return node.map((item) => inline(item, depth + 1));
    const ref = (node as { $ref?: unknown }).$ref;
    const name = typeof ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] : undefined;
    if (name !== undefined && Object.hasOwn(schemas, name)) return inline(schemas[name], depth + 1);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, depth + 1)]));
  };
  const copy = structuredClone(document) as Record<string, unknown>;
  return { ...copy, paths: inline(copy.paths, 0) } as T;
}
