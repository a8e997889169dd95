import { expect } from 'chai';
import { z } from 'zod';
import { Controller, createApp, Get } from '../../src';
import { buildOpenApi } from '../../src/openapi/document';
import { runtimeOf } from '../../src/runtime';
import { documentOf } from './validator';

const Book = z.object({ id: z.number().int(), title: z.string() });
const opaque = { '~standard': { version: 1, vendor: 'opaque', validate: (value: unknown) => ({ value }) } };

@Controller('/books')
class BooksController {
  @Get('/zod', { name: 'zod', responses: { 200: { schema: Book as never } } }) zod() {}
  @Get('/opaque', { name: 'opaque', responses: { 200: { schema: opaque as never } } }) opaque() {}
}

describe('openapi/schema kinds', () => {
  const app = createApp({ routes: [BooksController] });

  it('shows a Standard Schema validator as the JSON Schema it describes itself as (its output, for a response)', async () => {
    const content = (await documentOf(app)).paths['/books/zod'].get.responses['200'] as { content: Record<string, { schema: Record<string, unknown> }> };
    const { schema } = content.content['application/json'];
    expect(schema).to.deep.include({ type: 'object', required: ['id', 'title'] });
    expect(schema).to.not.have.property('$schema');
  });

  it('shows one that cannot describe itself as {}, and tells the warnings channel, naming the route; app.openapi() stays a plain document', async () => {
    const warnings: string[] = [];
    const document = buildOpenApi(runtimeOf(app), {}, (warning) => warnings.push(warning));
    expect((document.paths['/books/opaque'].get.responses['200'] as { content: Record<string, { schema: unknown }> }).content['application/json'].schema).to.deep.equal({});
    expect(warnings).to.deep.equal(['opaque: opaque does not implement Standard JSON Schema (~standard.jsonSchema); its document entry is {} (any value).']);
    await documentOf(app);
  });
});
