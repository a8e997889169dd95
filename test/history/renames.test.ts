import { expect } from 'chai';
import request from 'supertest';
import { Body, change, Controller, createApp, field, Post, QueryParameterVersioning, VersionHistory } from '../../src';

const NewUser = { type: 'object', required: ['displayName'], properties: { displayName: { type: 'string' } } } as const;
const User = { type: 'object', required: ['displayName'], properties: { displayName: { type: 'string' } } } as const;

@Controller('/users', { namespace: 'users' })
class Users {
  @Post('/', { name: 'create', responses: { 200: { schema: User } } })
  create(@Body({ required: true, schema: NewUser }) body: { displayName: string }) {
    return { displayName: body.displayName, name: 'stale member of the record' };
  }
}

describe('version history: renames', () => {
  const history = new VersionHistory([
    { version: 'v2', changes: [change({ description: '`name` is now `displayName`.', instructions: [field(NewUser, 'displayName').had({ name: 'name' }), field(User, 'displayName').had({ name: 'name' })] })] },
    { version: 'v1' },
  ]);
  const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history });

  it('lets the renamed member win over a member of the newer name that the older version does not have, whatever the key order', async () => {
    for (const body of [{ name: 'Zed', displayName: 'Mallory' }, { displayName: 'Mallory', name: 'Zed' }]) {
      const answer = await request(app.callback()).post('/users?version=v1').send(body);
      expect([answer.status, answer.body]).to.deep.equal([200, { name: 'Zed' }]);
    }
  });

  it('writes the head value under the old name even when the handler also returns a member of that old name', async () => {
    const answer = await request(app.callback()).post('/users?version=v1').send({ name: 'Zed' });
    expect(answer.body).to.deep.equal({ name: 'Zed' });
  });
});
