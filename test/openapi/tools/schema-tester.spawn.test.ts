import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { Controller, createApp, Get, Param, type OpenApiDocument } from '../../../src';
import { textOf, validValue } from './arbitraries';
import { richerDocuments } from './richer-app';
import { sampleDocuments, type SampleDocument } from './sample-documents';
import { inlineComponents } from '../validator';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: unknown;
}
interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: { value: unknown } | null;
  /** Every value drawn from its schema. */
  valid: boolean;
}

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);

/** One operation's requests, valid (each value drawn from its schema) and invalid (any text, any JSON). */
function requestsFor(path: string, method: string, operation: Json): fc.Arbitrary<Sent> {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const body = operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const bodySchema = body?.content['application/json']?.schema;
  return fc.boolean().chain((valid) => {
    const values: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of parameters) {
      const value = valid ? validValue(parameter.schema) : fc.oneof(validValue(parameter.schema), fc.string({ minLength: 1, maxLength: 12 }));
      values[`${parameter.in}:${parameter.name}`] = parameter.required || parameter.in === 'path' ? value : fc.option(value, { nil: undefined });
    }
    const bodyArbitrary = bodySchema === undefined ? fc.constant(null) : (valid ? validValue(bodySchema) : fc.jsonValue()).map((value) => ({ value }));
    return fc.record({ values: fc.record(values), body: bodyArbitrary }).map(({ values: drawn, body: sentBody }) => {
      let target = path;
      const query: Record<string, string> = {};
      for (const parameter of parameters) {
        const value = drawn[`${parameter.in}:${parameter.name}`];
        if (value === undefined) continue;
        if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, encodeURIComponent(textOf(value)));
        if (parameter.in === 'query') query[parameter.name] = textOf(value);
      }
      return { method, path: target, query, body: sentBody, valid };
    });
  });
}

/** The documented response for a status: its own key, its range (`4XX`), or `default`. */
function documented(operation: Json, status: number): Json | undefined {
  const responses = operation.responses as Record<string, Json>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** Whether `actual` (a Content-Type) is the documented media type: same type, and every parameter documented is sent. */
function sameMediaType(documentedType: string, actual: string): boolean {
  const parse = (text: string) => {
    const [type, ...parameters] = text.split(';').map((part) => part.trim().toLowerCase());
    return { type, parameters };
  };
  const expected = parse(documentedType);
  const sent = parse(actual);
  return expected.type === sent.type && expected.parameters.every((parameter) => sent.parameters.includes(parameter));
}

/** The schema with every component it names written in, as a schema-driven tester's bundler resolves it. */
function resolved(document: OpenApiDocument, schema: unknown): unknown {
  return schema === undefined ? undefined : inlineComponents({ components: document.components, paths: schema }).paths;
}

const validators = new Map<unknown, ReturnType<typeof ajv.compile>>();

/** What a schema-driven tester asserts of one response: no 5xx, a documented status, the documented media type and schema. */
function check(document: OpenApiDocument, operation: Json, response: request.Response, where: string): void {
  expect(response.status, `${where}: ${response.text?.slice(0, 300)}`).to.be.below(500);
  const entry = documented(operation, response.status);
  expect(entry, `${where}: status ${response.status} is not documented (${Object.keys(operation.responses as Json).join(', ')})`).to.not.equal(undefined);
  const content = (entry?.content ?? {}) as Record<string, { schema?: unknown }>;
  const type = response.headers['content-type'] as string | undefined;
  if (Object.keys(content).length === 0 || type === undefined) return;
  const match = Object.entries(content).find(([mediaType]) => sameMediaType(mediaType, type));
  expect(match, `${where}: Content-Type ${type} is not one of ${Object.keys(content).join(', ')}`).to.not.equal(undefined);
  const schema = resolved(document, match?.[1].schema);
  if (schema === undefined || !/json/.test(type)) return;
  let validate = validators.get(schema);
  if (validate === undefined) validators.set(schema, (validate = ajv.compile(schema as object)));
  expect(validate(JSON.parse(response.text)), `${where}: ${JSON.stringify(validate.errors)} in ${response.text.slice(0, 300)}`).to.equal(true);
}

/** Headers that carry the version under the schemes where no path or parameter does. */
function versionHeaders({ scheme, document }: SampleDocument): Record<string, string> {
  if (scheme === 'accept-header') return { Accept: String((document['x-waymark-versioning'] as Json).accept) };
  if (scheme === 'host-name') return { Host: new URL(document.servers[0].url).host };
  return {};
}

describe('openapi, held as a schema-driven API tester holds it (property)', function () {
  this.timeout(300_000);

  it('answers requests drawn from each document with no 5xx, documented statuses only, and bodies that conform', async () => {
    let answered2xx = 0;
    let validSent = 0;
    for (const sample of [...sampleDocuments(), ...richerDocuments()]) {
      const { document, app } = sample;
      const callback = app.callback();
      const drawn = inlineComponents(document); // requests are drawn from schemas with their components written in
      const operations = Object.entries(drawn.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Json })));
      const sent = fc.oneof(...operations.map(({ path, method, operation }) => requestsFor(path, method, operation).map((req) => ({ req, operation }))));
      await fc.assert(
        fc.asyncProperty(sent, async ({ req, operation }) => {
          let call = request(callback)[req.method as 'get'](req.path).query(req.query).set(versionHeaders(sample));
          if (req.body !== null) call = call.set('Content-Type', 'application/json').send(JSON.stringify(req.body.value) as never);
          const response = await call;
          check(document, operation, response, `${sample.scheme ?? 'unversioned'} ${sample.version ?? ''} ${req.method.toUpperCase()} ${req.path}?${new URLSearchParams(req.query)}`);
          if (req.valid) validSent++;
          if (req.valid && response.status < 300) answered2xx++;
        }),
        { numRuns: 120, seed: 20261126 },
      );
    }
    // An app that refused everything (documented 4xx each time) would pass the checks above; most valid requests must succeed.
    console.log(`      ${answered2xx} of ${validSent} valid requests answered 2xx`);
    expect(answered2xx, `${answered2xx} of ${validSent} valid requests answered 2xx`).to.be.above(validSent / 2);
  });

  it('never refuses a number path parameter its schema accepts: a requirement on a number is not a pattern JSON Schema ignores', async () => {
    @Controller('/n')
    class Numbers {
      @Get('/:id', { name: 'number', requirements: { id: /\d+/ } }) number(@Param('id') id: number) {
        return { id };
      }
    }
    const app = createApp({ routes: [Numbers] });
    const [parameter] = app.openapi().paths['/n/{id}'].get.parameters as Parameter[];
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(validValue(parameter.schema), async (id) => {
        const response = await request(app.callback()).get(`/n/${encodeURIComponent(textOf(id))}`);
        expect(response.status, `/n/${textOf(id)}`).to.equal(200);
        expect(response.body).to.deep.equal({ id });
        answered++;
      }),
      { numRuns: 200, seed: 20261126 },
    );
    expect(answered).to.equal(200);
  });
});
