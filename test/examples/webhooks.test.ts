import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';
import { history } from '../../examples/history';
import { UserCreated } from '../../examples/webhooks';

// The sample's webhook payload is converted and documented per version as its responses are.
describe('examples/webhooks: user.created in every version', () => {
  for (const version of ['v1', 'v2', 'v3']) {
    it(`${version}: history.convert writes the user as GET /users/:id answers it, and the document describes that shape`, async () => {
      const app = createSampleApp('query-parameter', '3000');
      const answered = (await request(app.callback()).get(`/users/1?version=${version}`).expect(200)).body;
      // The head's user as the handler returns it, with the link that request was given (links follow the version).
      const newest = (await request(app.callback()).get('/users/1?version=v3').expect(200)).body;
      const head = { type: 'user.created', user: { ...newest, links: { self: answered.url ?? answered.links.self } } };
      expect(history.convert(UserCreated, head, { to: version })).to.deep.equal({ type: 'user.created', user: answered });
      const documented = (app.openapi({ version }).webhooks as any)['user.created'].post.requestBody.content['application/json'].schema.properties.user;
      expect(Object.keys(documented.properties ?? {}).sort()).to.deep.equal(Object.keys(answered).sort());
    });
  }
});
