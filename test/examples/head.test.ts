import { expect } from 'chai';
import request from 'supertest';
import { createSampleApp } from '../../examples/app';
import { place, SCHEMES } from './recorded';

/** The sample's v3, the version its handlers are written for, and one store seen by every version. */
describe('examples: v3 and the versions before it share one set of handlers', () => {
  for (const scheme of SCHEMES.filter((name) => name !== 'unversioned')) {
    it(`a user created by a v3 client is read by v1 and v2 clients in their own shapes (${scheme})`, async () => {
      const server = request(createSampleApp(scheme, '3000').callback());
      const send = (version: string, method: 'get' | 'post', path: string) => {
        const where = place(scheme, version, path);
        return server[method](where.path).set(where.headers);
      };
      const link = (version: string, id: number) => {
        const where = place(scheme, version, `/users/${id}`);
        return `http://${where.headers.Host}${where.path}`;
      };
      const created = await send('v3', 'post', '/users').send({ displayName: 'Linus' }).expect(201);
      expect(created.body).to.deep.equal({ data: { id: 3, displayName: 'Linus' }, links: { self: link('v3', 3) } });
      expect(created.headers.location, 'a link built while serving v3 is a v3 link').to.equal(link('v3', 3));
      expect((await send('v2', 'get', '/users/3').expect(200)).body).to.deep.equal({ data: { id: 3, name: 'Linus' }, links: { self: link('v2', 3) } });
      expect((await send('v1', 'get', '/users/3').expect(200)).body).to.deep.equal({ id: 3, name: 'Linus', url: link('v1', 3) });
      // v3 knows no `name`: a body with only that is refused, naming the field v3 requires.
      const refused = await send('v3', 'post', '/users').send({ name: 'Zed' }).expect(400);
      expect(JSON.stringify(refused.body)).to.contain('displayName');
      const found = await send('v3', 'get', '/users/search?name=lin').expect(200);
      expect(found.body).to.deep.equal([{ data: { id: 3, displayName: 'Linus' }, links: { self: link('v3', 3) } }]);
    });
  }
});
