import { expect } from 'chai';
import { documentOf } from './validator';
import { Body, Controller, createApp, File, Files, FormParser, JSONParser, MultiPartParser, Post, RawParser, TextParser, type UploadedFile } from '../../src';

const book = { type: 'object', required: ['title'], properties: { title: { type: 'string' }, pages: { type: 'integer' } } };
const FILE = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

@Controller('/books', { parsers: [JSONParser(), FormParser(), MultiPartParser()] })
class Books {
  @Post('', 'create') create(@Body({ schema: book }) body: object) {
    return body;
  }
  @Post('/cover', 'cover') cover(@Body({ schema: book }) body: object, @File('cover', { required: true }) cover: UploadedFile, @Files('pages') pages: UploadedFile[]) {
    return { body, cover, pages };
  }
  @Post('/note', { name: 'note', parsers: [TextParser(), RawParser()] }) note(@Body() note: unknown) {
    return { note };
  }
}

describe('openapi: request bodies list the route’s parsers', () => {
  const doc = createApp({ routes: [Books] }).openapi();
  const body = (path: string) => (doc.paths[path].post as unknown as { requestBody: unknown }).requestBody;

  it('is a valid OpenAPI 3.1 document', async () => {
    await documentOf(createApp({ routes: [Books] }));
  });

  it('lists each parser’s media type with the @Body schema', () => {
    expect(body('/books')).to.deep.equal({ required: false, content: { 'application/json': { schema: book }, 'application/x-www-form-urlencoded': { schema: book }, 'multipart/form-data': { schema: book } } });
  });

  it('documents multipart files as binary strings beside the fields, only under types that carry files', () => {
    const files = { ...book, properties: { ...book.properties, cover: FILE, pages: { type: 'array', items: FILE } }, required: ['title', 'cover'] };
    expect(body('/books/cover')).to.deep.equal({ required: true, content: { 'multipart/form-data': { schema: files } } });
  });

  it('documents text as a string and raw bodies as binary', () => {
    expect(body('/books/note')).to.deep.equal({ required: false, content: { 'text/plain': { schema: { type: 'string' } }, 'application/octet-stream': { schema: FILE } } });
  });

  it('takes the app’s parsers for routes that set none, and lists 413 and 415', () => {
    @Controller('/forms')
    class Forms {
      @Post('', 'form') form(@Body() form: object) {
        return form;
      }
    }
    const operation = createApp({ routes: [Forms], parsers: [FormParser()] }).openapi().paths["/forms"].post as unknown as { requestBody: { content: object }; responses: object };
    expect(Object.keys(operation.requestBody.content)).to.deep.equal(['application/x-www-form-urlencoded']);
    expect(operation.responses).to.include.keys('413', '415');
  });
});
