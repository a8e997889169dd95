import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareDocuments } from '../../src/compat/compare';
import { RULES, type RuleId } from '../../src/compat/rules';
import type { Json } from '../../src/compat/schema';

/** A small released document: a list, a detail with a path parameter, a create with a body, a $ref'd schema. */
function released(): Json {
  const user = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', maxLength: 80 }, role: { enum: ['admin', 'staff'] }, tags: { type: 'array', items: { type: 'string' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'API', version: 'v1' },
    paths: {
      '/users': {
        get: {
          operationId: 'usersList',
          parameters: [{ name: 'page', in: 'query', required: false, schema: { type: 'integer' } }, { name: 'sort', in: 'query', required: false, schema: { enum: ['name', 'id'] } }],
          responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/User' } } } } } },
        },
        post: {
          operationId: 'usersCreate',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 80 }, role: { enum: ['admin', 'staff'] }, note: { type: 'string' } } } } } },
          responses: { 201: { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } }, 400: { description: 'Bad', content: { 'application/problem+json': { schema: {} } } } },
        },
      },
      '/users/{id}': {
        get: {
          operationId: 'usersDetail',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }, { name: 'x-trace', in: 'header', required: false, schema: { type: 'string' } }],
          security: [{ token: [] }],
          responses: {
            200: { description: 'OK', headers: { ETag: { required: true, schema: { type: 'string' } }, 'X-Rate-Limit': { schema: { type: 'integer' } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
            404: { description: 'Not Found', content: { 'application/problem+json': { schema: {} } } },
          },
        },
      },
    },
    components: { schemas: { User: user } },
  };
}

type Edit = (doc: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

/** For each rule, one edit of the released document that makes exactly that change. */
const CASES: Record<RuleId, Edit> = {
  'operation-removed': (d) => delete d.paths['/users'].post,
  'response-status-removed': (d) => delete d.paths['/users/{id}'].get.responses['404'],
  'response-media-type-removed': (d) => {
    const r = d.paths['/users/{id}'].get.responses['200'];
    r.content = { 'application/json; version=v1': r.content['application/json'] };
  },
  'response-property-removed': (d) => delete d.components.schemas.User.properties.tags,
  'response-property-became-optional': (d) => (d.components.schemas.User.required = ['id']),
  'response-type-widened': (d) => (d.components.schemas.User.properties.role.enum = ['admin', 'staff', 'guest']),
  'request-media-type-removed': (d) => {
    const b = d.paths['/users'].post.requestBody;
    b.content = { 'application/merge-patch+json': b.content['application/json'] };
  },
  'request-body-became-required': (d) => (d.paths['/users'].get.requestBody = { required: true, content: { 'application/json': { schema: {} } } }),
  'request-parameter-added-required': (d) => d.paths['/users'].get.parameters.push({ name: 'org', in: 'query', required: true, schema: { type: 'string' } }),
  'request-parameter-became-required': (d) => (d.paths['/users'].get.parameters[0].required = true),
  'request-parameter-removed': (d) => d.paths['/users'].get.parameters.splice(1, 1),
  'request-parameter-moved': (d) => (d.paths['/users/{id}'].get.parameters[1].in = 'query'),
  'request-parameter-renamed': (d) => {
    d.paths['/users/{key}'] = d.paths['/users/{id}'];
    delete d.paths['/users/{id}'];
    d.paths['/users/{key}'].get.parameters[0].name = 'key';
  },
  'request-property-added-required': (d) => {
    const s = d.paths['/users'].post.requestBody.content['application/json'].schema;
    s.properties.email = { type: 'string' };
    s.required.push('email');
  },
  'request-property-became-required': (d) => d.paths['/users'].post.requestBody.content['application/json'].schema.required.push('note'),
  'request-type-narrowed': (d) => (d.paths['/users'].get.parameters[1].schema.enum = ['name']),
  'operation-added': (d) => (d.paths['/users/{id}'].delete = { operationId: 'usersDelete', responses: { 204: { description: 'No Content' } } }),
  'response-status-added': (d) => (d.paths['/users/{id}'].get.responses['410'] = { description: 'Gone' }),
  'response-media-type-added': (d) => (d.paths['/users/{id}'].get.responses['200'].content['text/csv'] = { schema: { type: 'string' } }),
  'response-property-added': (d) => (d.components.schemas.User.properties.email = { type: 'string' }),
  'response-type-narrowed': (d) => (d.components.schemas.User.properties.role.enum = ['admin']),
  'request-media-type-added': (d) => (d.paths['/users'].post.requestBody.content['application/x-www-form-urlencoded'] = { schema: {} }),
  'request-parameter-added': (d) => d.paths['/users'].get.parameters.push({ name: 'q', in: 'query', required: false, schema: { type: 'string' } }),
  'request-property-added': (d) => (d.paths['/users'].post.requestBody.content['application/json'].schema.properties.email = { type: 'string' }),
  'request-property-removed': (d) => delete d.paths['/users'].post.requestBody.content['application/json'].schema.properties.note,
  'request-type-widened': (d) => (d.paths['/users'].get.parameters[0].schema = { type: ['integer', 'string'] }),
  'request-requirement-relaxed': (d) => (d.paths['/users'].post.requestBody.required = false),
  'request-constraint-tightened': (d) => (d.paths['/users'].post.requestBody.content['application/json'].schema.properties.name.maxLength = 40),
  'request-constraint-relaxed': (d) => (d.paths['/users'].post.requestBody.content['application/json'].schema.properties.name.minLength = 0),
  'response-constraint-relaxed': (d) => (d.components.schemas.User.properties.name.maxLength = 200),
  'response-constraint-tightened': (d) => (d.components.schemas.User.properties.id.minimum = 10),
  'security-tightened': (d) => (d.paths['/users/{id}'].get.security = [{ token: ['users:read'] }]),
  'security-relaxed': (d) => d.paths['/users/{id}'].get.security.push({ apiKey: [] }),
  'response-header-removed': (d) => delete d.paths['/users/{id}'].get.responses['200'].headers['X-Rate-Limit'],
  'response-header-became-optional': (d) => (d.paths['/users/{id}'].get.responses['200'].headers.ETag.required = false),
  'response-header-added': (d) => (d.paths['/users/{id}'].get.responses['200'].headers['Retry-After'] = { schema: { type: 'integer' } }),
  'request-parameter-style-changed': (d) => Object.assign(d.paths['/users'].get.parameters[0], { style: 'form', explode: false }),
};

function changed(edit: Edit) {
  const after = released();
  edit(after);
  return compareDocuments(released(), after);
}

describe('compat/compare: one rule, one change', () => {
  it('finds nothing between a document and itself', () => {
    expect(compareDocuments(released(), released())).to.deep.equal([]);
  });

  for (const [rule, edit] of Object.entries(CASES) as [RuleId, Edit][]) {
    it(`${RULES[rule].breaking ? 'fails on' : 'passes'} ${rule}`, () => {
      const changes = changed(edit);
      expect(changes.map((c) => c.rule), JSON.stringify(changes)).to.include(rule);
      // The edit changes one thing: nothing breaking is reported but the rule itself.
      expect(changes.filter((c) => c.breaking && c.rule !== rule).map((c) => c.rule)).to.deep.equal([]);
      expect(changes.some((c) => c.breaking)).to.equal(RULES[rule].breaking);
    });
  }

  it('has a case for every rule, and every breaking rule names oasdiff checks to compare with', () => {
    expect(Object.keys(CASES).sort()).to.deep.equal(Object.keys(RULES).sort());
    for (const rule of Object.values(RULES)) if (rule.breaking) expect(rule.oasdiff.length).to.be.at.least(1);
  });

  it('is the list docs/compatibility.md gives, rule for rule', () => {
    const page = readFileSync(join(__dirname, '..', '..', 'docs', 'compatibility.md'), 'utf8');
    const listed = [...page.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).to.deep.equal(Object.keys(RULES).sort());
  });

  it('reports where: the operation, the status, the media type and a JSON pointer', () => {
    const [one] = changed(CASES['response-property-removed']).filter((c) => c.breaking);
    expect(one.at).to.match(/^GET \/users(\/\{id\})? 20[01] application\/json #(\/0)?\/tags$/);
  });

  it('passes a batch of additions that break nobody, listing each', () => {
    const additive = (Object.keys(CASES) as RuleId[]).filter((rule) => !RULES[rule].breaking);
    const after = released();
    for (const rule of additive) CASES[rule](after);
    const changes = compareDocuments(released(), after);
    expect(changes.filter((c) => c.breaking)).to.deep.equal([]);
    expect(new Set(changes.map((c) => c.rule)).size).to.be.at.least(additive.length - 2);
  });
});
