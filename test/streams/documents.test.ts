import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Type } from '@sinclair/typebox';
import { change, Controller, createApp, field, Get, ImproperlyConfigured, InvalidArgument, QueryParameterVersioning, VersionHistory } from '../../src';
import { compareDocuments } from '../../src/compat/compare';
import { placeOperation } from '../../src/openapi/methods';
import { expectValidOpenApi } from '../openapi/validator';

const User = Type.Object({ id: Type.Integer(), displayName: Type.String() });
const history = new VersionHistory([
  { version: 'v2', changes: [change({ description: '`name` is now `displayName`.', instructions: [field(User, 'displayName').had({ name: 'name' })] })] },
  { version: 'v1' },
]);

@Controller('/users')
class Users {
  @Get('/events', { name: 'user-events', responses: { 200: { items: User } } })
  async *events() {
    yield { id: 1, displayName: 'Ada' };
  }
}

const app = (version?: '3.1' | '3.2') => createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history, ...(version === undefined ? {} : { openapi: { version } }) });
const content = (document: any) => document.paths['/users/events'].get.responses['200'].content;

async function expectValid32(document: unknown): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
  expect(validator.version).to.equal('3.2');
}

describe('streams: in the documents (docs/streams.md#in-the-documents)', () => {
  it('3.2: each media type has its itemSchema (SSE: the event, its data JSON of the item), per version; valid against the official 3.2 schema', async () => {
    for (const version of ['v2', 'v1']) {
      const document = app('3.2').openapi({ version });
      expect(document.openapi).to.equal('3.2.0');
      await expectValid32(document);
      const name = version === 'v2' ? 'displayName' : 'name';
      const { 'text/event-stream': sse, 'application/jsonl': lines } = content(document);
      expect(Object.keys(lines.itemSchema.properties)).to.deep.equal(['id', name]);
      expect(sse.itemSchema.required).to.deep.equal(['data']);
      expect(sse.itemSchema.properties.data).to.deep.include({ type: 'string', contentMediaType: 'application/json' });
      expect(Object.keys(sse.itemSchema.properties.data.contentSchema.properties)).to.deep.equal(['id', name]);
    }
  });

  it('3.1 (the default): the content is a string with the item schema beside it in x-waymark-items; still a valid 3.1 document', async () => {
    const document = app().openapi({ version: 'v1' });
    expect(document.openapi).to.equal('3.1.0');
    await expectValidOpenApi(document);
    const { 'text/event-stream': sse, 'application/jsonl': lines } = content(document);
    expect(sse.schema.type).to.equal('string');
    expect(lines.schema.type).to.equal('string');
    expect(Object.keys(sse['x-waymark-items'].properties)).to.deep.equal(['id', 'name']);
    expect(lines['x-waymark-items']).to.deep.equal(sse['x-waymark-items']);
  });

  it('app.openapi({ openapi }) chooses per call; anything but 3.1 or 3.2 is refused', () => {
    expect(app('3.2').openapi({ openapi: '3.1' }).openapi).to.equal('3.1.0');
    expect(app().openapi({ openapi: '3.2' }).openapi).to.equal('3.2.0');
    expect(() => app().openapi({ openapi: '3.0' as never })).to.throw(InvalidArgument);
    expect(() => app('4' as never)).to.throw(ImproperlyConfigured);
  });

  it('3.2 lists a method it has no field for under additionalOperations; 3.1, which has no place for it, leaves it out and warns', () => {
    const operation = { operationId: 'link', responses: {} };
    const item32: Record<string, unknown> = {};
    placeOperation(item32, 'QUERY', operation, '3.2', () => expect.fail());
    placeOperation(item32, 'LINK', operation, '3.2', () => expect.fail());
    expect(item32).to.deep.equal({ query: operation, additionalOperations: { LINK: operation } });
    const warned: string[] = [];
    const item31: Record<string, unknown> = {};
    placeOperation(item31, 'LINK', operation, '3.1', (reason) => warned.push(reason));
    expect([item31, warned.length]).to.deep.equal([{}, 1]);
  });

  it('the compatibility rules compare item schemas as bodies, in both versions', () => {
    for (const oas of ['3.1', '3.2'] as const) {
      const before = app().openapi({ version: 'v2', openapi: oas });
      const after = structuredClone(before) as any;
      const media = content(after)['application/jsonl'];
      const item = oas === '3.2' ? media.itemSchema : media['x-waymark-items'];
      delete item.properties.displayName; // a member a client reads is gone
      const changes = compareDocuments(before as never, after);
      expect(changes.map((c: { rule: string }) => c.rule), oas).to.include('response-property-removed');
    }
  });
});
