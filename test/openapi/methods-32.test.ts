import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Controller, createApp, Get, Param, Route } from '../../src';

// Routes for other methods in the documents (docs/methods.md#in-the-documents): a 3.2 document lists
// QUERY as its `query` field and any other method under `additionalOperations`; 3.1 leaves them out.
@Controller('/cache')
class Cache {
  @Get('/:key', 'show') show(@Param('key') key: string) {
    return { key };
  }
  @Route('PURGE', '/:key', 'purge') purge(@Param('key') key: string) {
    return { purged: key };
  }
  @Route('QUERY', '/search', 'search') search() {
    return [];
  }
}

describe('OpenAPI 3.2: routes for any method (docs/methods.md#in-the-documents)', () => {
  it('lists QUERY as query and PURGE under additionalOperations, with no warning, valid against the official 3.2 schema', async () => {
    const warnings: string[] = [];
    const document = createApp({ routes: [Cache], openapi: { version: '3.2' } }).openapi({}, (warning) => warnings.push(warning)) as unknown as {
      paths: Record<string, Record<string, { operationId?: string } | Record<string, { operationId?: string }>>>;
    };
    expect(Object.keys(document.paths['/cache/search'])).to.include('query');
    expect(document.paths['/cache/{key}'].additionalOperations).to.have.key('PURGE');
    expect(Object.keys(document.paths['/cache/{key}'])).to.include('get');
    expect(warnings).to.deep.equal([]);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('a 3.1 document leaves them out and warns for each', () => {
    const warnings: string[] = [];
    const document = createApp({ routes: [Cache] }).openapi({}, (warning) => warnings.push(warning)) as unknown as { paths: Record<string, Record<string, unknown>> };
    expect(document.paths['/cache/search']).to.equal(undefined);
    expect(Object.keys(document.paths['/cache/{key}'])).to.deep.equal(['get']);
    expect(warnings.join('\n')).to.include('PURGE').and.include('QUERY');
  });
});
