import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { change, Controller, createApp, field, Get, ImproperlyConfigured, InvalidArgument, QueryParameterVersioning, route, VersionHistory, WaymarkError } from '../../src';
import { historyOf, valueOf, type Kind, type Op } from './random-history';

const Author = Type.Object({ id: Type.Integer(), givenName: Type.String(), country: Type.String() });
const Event = Type.Object({ type: Type.String(), author: Author, coauthors: Type.Array(Author) });

const history = new VersionHistory([
  {
    version: '2025-06',
    changes: [
      change({
        description: 'givenName replaces name',
        instructions: [field(Author, 'givenName').didNotExist, field(Author, 'name').existed({ schema: Type.String() })],
        responses: [{ schema: Author, convert: (author) => ({ ...author, name: author.givenName.toUpperCase() }) }],
      }),
    ],
  },
  { version: '2025-01', changes: [change({ description: 'nationality is country', instructions: [field(Author, 'country').had({ name: 'nationality' })] })] },
  { version: '2024-09' },
]);

describe('version history: payloads outside requests (history.convert)', () => {
  const head = { type: 'author.created', author: { id: 1, givenName: 'Ursula', country: 'US', secret: 'x' }, coauthors: [{ id: 2, givenName: 'Ada', country: 'UK' }] };

  it('converts a nested payload two versions back, with no app built', () => {
    expect(history.convert(Event, head, { to: '2024-09' })).to.deep.equal({
      type: 'author.created',
      author: { id: 1, nationality: 'US', name: 'URSULA' },
      coauthors: [{ id: 2, nationality: 'UK', name: 'ADA' }],
    });
    expect(history.convert(Event, head, { to: '2025-01' })).to.deep.equal({
      type: 'author.created',
      author: { id: 1, country: 'US', name: 'URSULA' },
      coauthors: [{ id: 2, country: 'UK', name: 'ADA' }],
    });
  });

  it('writes the head as a response would: only what the schema declares', () => {
    expect(history.convert(Event, head, { to: '2025-06' })).to.deep.equal({ type: 'author.created', author: { id: 1, givenName: 'Ursula', country: 'US' }, coauthors: [{ id: 2, givenName: 'Ada', country: 'UK' }] });
  });

  it('never changes the value it is given', () => {
    const value = structuredClone(head);
    history.convert(Event, value, { to: '2024-09' });
    expect(value).to.deep.equal(head);
  });

  it('refuses a version the history does not list, naming the ones it does', () => {
    expect(() => history.convert(Event, head, { to: '2023' })).to.throw(InvalidArgument, "'2025-06', '2025-01', '2024-09'");
  });

  it('throws a misdeclared field when first asked, as an app would when built', () => {
    const S = Type.Object({ a: Type.String() });
    const broken = new VersionHistory([{ version: '2', changes: [change({ description: 'b is gone', instructions: [field(S, 'b').didNotExist] })] }, { version: '1' }]);
    expect(() => broken.convert(S, { a: 'x' }, { to: '1' })).to.throw(ImproperlyConfigured, "field({ a }, 'b')");
  });

  it('gives what a route answering the schema sends its clients, for random histories (property)', async () => {
    let older = 0;
    const kinds = fc.constantFrom<Kind>('string', 'integer', 'boolean');
    const op = fc.record({ op: fc.constantFrom<Op['op']>('rename', 'existed', 'didNotExist', 'retype'), pick: fc.nat(10), kind: kinds });
    await fc.assert(
      fc.asyncProperty(fc.array(kinds, { minLength: 1, maxLength: 5 }), fc.array(op, { minLength: 1, maxLength: 4 }), fc.nat(), fc.integer({ min: 1, max: 1 << 30 }), async (headKinds, ops, pick, seed) => {
        const { S, history: random } = historyOf(headKinds, ops);
        let state = seed;
        const next = () => ((state = (state * 48271) % 2147483647) / 2147483647);
        const value = valueOf(S, next);
        @Controller('/things')
        class Things {
          @Get('/', { name: 'thing', responses: { 200: { schema: S } } }) thing() {
            return value;
          }
        }
        const app = createApp({ routes: [Things], versioning: new QueryParameterVersioning({ defaultVersion: random.versions[0] }), history: random });
        const version = random.versions[pick % random.versions.length];
        const answered = await request(app.callback()).get(`/things?version=${version}`);
        expect(answered.status).to.equal(200);
        expect(random.convert(S, value, { to: version }), version).to.deep.equal(answered.body);
        if (version !== random.versions[0]) older++;
      }),
      { numRuns: 60, seed: 27 },
    );
    // Conversions to older versions, not only the head's identity: a convert() that returned its input fails above.
    expect(older).to.be.greaterThan(25);
  });
});

describe('version history: webhooks in each version\'s document', () => {
  const created = Type.Object({ author: Author });
  @Controller('/authors')
  class Authors {
    @Get('/:id', { name: 'authors-detail', responses: { 200: { schema: Author } } }) detail() {
      return { id: 1, givenName: 'U', country: 'US' };
    }
  }

  it('documents each webhook in the version\'s own shape', () => {
    const app = createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '2025-06' }), history, openapi: { webhooks: { 'author.created': created } } });
    const payload = (version: string) => (app.openapi({ version }).webhooks as any)['author.created'].post.requestBody.content['application/json'].schema.properties.author.properties;
    expect(Object.keys(payload('2025-06'))).to.deep.equal(['id', 'givenName', 'country']);
    expect(Object.keys(payload('2025-01'))).to.deep.equal(['id', 'country', 'name']);
    expect(Object.keys(payload('2024-09'))).to.deep.equal(['id', 'nationality', 'name']);
    expect((app.openapi().webhooks as any)['author.created'].post.operationId).to.equal('webhookAuthorCreated');
  });

  it('counts a schema only a webhook sends as used by the history', () => {
    const Invoice = Type.Object({ total: Type.Integer(), currency: Type.String() });
    const invoices = new VersionHistory([{ version: '2', changes: [change({ description: 'currency added', instructions: [field(Invoice, 'currency').didNotExist] })] }, { version: '1' }]);
    const build = (webhooks?: Record<string, unknown>) => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '2' }), history: invoices, ...(webhooks ? { openapi: { webhooks: webhooks as never } } : {}) });
    expect(() => build()).to.throw(ImproperlyConfigured, 'names a schema no route uses');
    const app = build({ 'invoice.paid': Invoice });
    expect(Object.keys((app.openapi({ version: '1' }).webhooks as any)['invoice.paid'].post.requestBody.content['application/json'].schema.properties)).to.deep.equal(['total']);
  });

  it('refuses a retyped webhook field without a converter, and a webhooks option that is not schemas', () => {
    const Invoice = Type.Object({ total: Type.Integer() });
    const retyped = new VersionHistory([{ version: '2', changes: [change({ description: 'total was a string', instructions: [field(Invoice, 'total').had({ schema: Type.String() })] })] }, { version: '1' }]);
    expect(() => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '2' }), history: retyped, openapi: { webhooks: { paid: Invoice } } })).to.throw(ImproperlyConfigured, 'a webhook payload');
    expect(() => createApp({ routes: [Authors], openapi: { webhooks: { paid: 'Invoice' as never } } })).to.throw(ImproperlyConfigured, 'webhooks.paid');
  });
});

describe('version history: an app without a scheme serves one version (serve)', () => {
  @Controller('/authors', { namespace: 'authors' })
  class Authors {
    @Get('/', { name: 'list', responses: { 200: { schema: Type.Array(Author) } } }) list() {
      return [{ id: 1, givenName: 'Ursula', country: 'US' }];
    }
    @Get('/new', { name: 'new' }) fresh() {
      return 'only since 2025-06';
    }
  }
  const served = new VersionHistory([
    { version: '2025-06', changes: [...history.changes[0], change({ description: 'authors:new added', instructions: [route('authors:new').didNotExist] })] },
    { version: '2025-01', changes: history.changes[1] },
    { version: '2024-09' },
  ]);

  it('answers every request as that version, and documents it', async () => {
    const app = createApp({ routes: [Authors], history: served, serve: '2025-01' });
    await request(app.callback()).get('/authors').expect(200, [{ id: 1, country: 'US', name: 'URSULA' }]);
    await request(app.callback()).get('/authors/new').expect(404);
    const document = app.openapi();
    expect(document.info.version).to.equal('2025-01');
    expect(Object.keys(document.paths)).to.deep.equal(['/authors']);
    const headApp = createApp({ routes: [Authors], history: served, serve: '2025-06' });
    await request(headApp.callback()).get('/authors/new').expect(200);
  });

  it('refuses serve without a history, with a scheme, or naming no version of the history', () => {
    const codes = (options: object) => {
      try {
        createApp({ routes: [Authors], ...options });
      } catch (error) {
        return [(error as WaymarkError).code, (error as Error).message];
      }
      return null;
    };
    expect(codes({ serve: 'v1' })?.[1]).to.match(/no(ne)?[^]*history/);
    expect(codes({ history: served, serve: '2025-01', versioning: new QueryParameterVersioning({ defaultVersion: '2025-06' }) })?.[1]).to.include('Remove serve');
    expect(codes({ history: served, serve: '2023' })?.[1]).to.include("'2025-06', '2025-01', '2024-09'");
    expect(codes({ history: served })?.[1]).to.include('needs a versioning scheme');
  });
});
