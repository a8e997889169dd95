import { expect } from 'chai';
import * as fc from 'fast-check';
import { arbitraryOf } from '../../src/testing/arbitrary';
import { operationsOf, type ContractDocument } from '../../src/testing/operations';
import { DocumentSchemas } from '../../src/testing/validator';
import { mediaTypeMatches } from '../../src/testing/verify';

/** A document whose schemas are named in components and reached by $ref, as `openapi.components` and TypeBox `$id`s write them. */
const document: ContractDocument = {
  servers: [{ url: 'https://v2.api.example.com/base' }],
  paths: {
    '/users/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      get: {
        operationId: 'usersDetail',
        'x-waymark-route': 'users-detail',
        responses: { 200: { content: { 'application/json; version=v2': { schema: { $ref: '#/components/schemas/User' } } } }, '4XX': { content: { 'application/problem+json': {} } } },
      },
    },
  },
  components: {
    schemas: {
      Id: { type: 'integer', minimum: 1 },
      User: { type: 'object', required: ['id', 'friends'], properties: { id: { $ref: '#/components/schemas/Id' }, friends: { type: 'array', items: { $ref: '#/components/schemas/User' } } } },
    },
  },
};

describe('checkContract: reading a document', () => {
  it('lists operations with path-level parameters, the server and the documented responses', () => {
    const [operation] = operationsOf(document, 'v2');
    expect(operation).to.deep.include({ route: 'users-detail', method: 'GET', path: '/users/{id}', version: 'v2' });
    expect(operation.server.host).to.equal('v2.api.example.com');
    expect(operation.parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }]);
    expect(Object.keys(operation.responses)).to.deep.equal(['200', '4XX']);
  });

  it('validates against $refs to components, recursive ones included', () => {
    const schemas = new DocumentSchemas(document);
    const user = { $ref: '#/components/schemas/User' };
    expect(schemas.issues(user, { id: 1, friends: [{ id: 2, friends: [] }] })).to.deep.equal([]);
    expect(schemas.issues(user, { id: 1, friends: [{ id: 0, friends: [] }] })).to.deep.equal(['/friends/0/id must be >= 1']);
  });

  it('draws values through $refs that the schema accepts (at least half of them are not trivial)', () => {
    const schemas = new DocumentSchemas(document);
    const user = { $ref: '#/components/schemas/User' };
    const values = fc.sample(arbitraryOf(fc, user, schemas.resolve), { numRuns: 200, seed: 1 });
    expect(values.filter((value) => !schemas.accepts(user, value))).to.deep.equal([]);
    expect(values.filter((value) => (value as { friends: unknown[] }).friends.length > 0).length).to.be.at.least(100);
  });

  it('matches media types by essence, wildcard and the documented parameters; charset is free', () => {
    expect(mediaTypeMatches('application/json; version=v2', 'application/json; charset=utf-8; version=v2')).to.equal(true);
    expect(mediaTypeMatches('application/json; version=v2', 'application/json; version=v1')).to.equal(false);
    expect(mediaTypeMatches('text/*', 'text/csv; charset=utf-8')).to.equal(true);
    expect(mediaTypeMatches('application/json', 'application/problem+json')).to.equal(false);
  });
});
