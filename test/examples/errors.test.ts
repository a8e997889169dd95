import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';

describe('examples: the sample app’s house error format (examples/errors.ts)', () => {
  for (const scheme of [undefined, 'url-path']) {
    it(`lists invalid fields by name, from keyword and params, under ${scheme ?? 'no versioning'}`, async () => {
      const app = createSampleApp(scheme, '3000');
      const prefix = scheme === 'url-path' ? '/v2' : '';
      const response = await request(app.callback()).post(`${prefix}/users`).send({});
      expect(response.status).to.equal(400);
      expect(response.headers['content-type']).to.equal('application/problem+json');
      expect(JSON.parse(response.text)).to.deep.include({ status: 400, detail: 'The request did not validate.', fields: { name: ['missing'] } });
      const missing = await request(app.callback()).get(`${prefix}/users/99`);
      expect(JSON.parse(missing.text)).to.deep.equal({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such user.' });
    });
  }

  it('documents every error with its schema, as components.schemas.Error', () => {
    const document = createSampleApp('url-path', '3000').openapi({ version: 'v2' });
    expect(document.components.schemas.Error).to.have.nested.property('properties.fields.additionalProperties');
    const create = document.paths['/v2/users'].post.responses as Record<string, { content: object }>;
    expect(create['400'].content).to.deep.equal({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } });
  });
});
