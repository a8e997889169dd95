import { expect } from 'chai';
import { Body, Controller, createApp, Get, Header, Param, Post, Query } from '../../src';
import { documentOf } from './validator';

@Controller('/items')
class Items {
  @Get('/:id', { name: 'item', requirements: { id: /\d+/ } })
  item(
    @Param('id', { schema: { minimum: 1 } }) _id: number,
    @Query('tags', { type: Array }) _tags: string[],
    @Query('since', { type: Date, required: true }) _since: Date,
    @Query('flag') _flag: boolean,
    @Header('X-Limit', { schema: { type: 'integer', maximum: 100 } }) _limit: number,
    @Header('Accept') _accept: string,
  ) {}

  @Post('', 'create')
  create(@Body({ required: true, schema: { type: 'object', required: ['name'] } }) _body: unknown) {}
}

describe('openapi/parameters', () => {
  it("types each parameter from its decorator's options: type, required, schema (docs/openapi.md#what-a-document-holds)", async () => {
    const document = await documentOf(createApp({ routes: [Items] }));
    expect(document.paths['/items/{id}'].get.parameters).to.deep.equal([
      { name: 'id', in: 'path', required: true, schema: { type: 'number', minimum: 1, pattern: '^(?:\\d+)$' } },
      { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true },
      { name: 'since', in: 'query', required: true, schema: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] } },
      { name: 'flag', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'x-limit', in: 'header', required: false, schema: { type: 'integer', maximum: 100 } }, // Accept is the media types' business
    ]);
    expect(document.paths['/items'].post.requestBody).to.deep.equal({
      required: true,
      content: { 'application/json': { schema: { type: 'object', required: ['name'] } } },
    });
  });
});
