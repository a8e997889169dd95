import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { change, Controller, createApp, field, Get, QueryParameterVersioning, serverEvent, VersionHistory } from '../../src';
import { events, read, serve } from './helpers';

const User = Type.Object({ id: Type.Integer(), displayName: Type.String(), email: Type.String() });

const history = new VersionHistory([
  { version: 'v3', changes: [change({ description: '`name` is now `displayName`.', instructions: [field(User, 'displayName').had({ name: 'name' })] })] },
  {
    version: 'v2',
    changes: [change({ description: 'Users have an `email`.', instructions: [field(User, 'email').didNotExist] })],
  },
  { version: 'v1' },
]);

@Controller('/users')
class Users {
  @Get('/events', { name: 'user-events', responses: { 200: { items: User } } })
  async *events() {
    yield { id: 1, displayName: 'Ada', email: 'ada@example.com' };
    yield serverEvent({ data: { id: 2, displayName: 'Grace', email: 'grace@example.com' }, event: 'user', id: '2' });
  }
}

describe('streams: versions (docs/streams.md#versions)', () => {
  it('a v1 and a v3 client reading the same stream get each its version’s items, in both formats', async () => {
    const app = createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: 'v3' }), history });
    const { server, port } = await serve(app);
    try {
      const v3 = events((await read(port, '/users/events?version=v3', { accept: 'text/event-stream' })).text);
      const v1 = events((await read(port, '/users/events?version=v1', { accept: 'text/event-stream' })).text);
      expect(v3.map((event) => JSON.parse(event.data))).to.deep.equal([
        { id: 1, displayName: 'Ada', email: 'ada@example.com' },
        { id: 2, displayName: 'Grace', email: 'grace@example.com' },
      ]);
      expect(v1.map((event) => JSON.parse(event.data))).to.deep.equal([
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Grace' },
      ]);
      expect(v1[1]).to.include({ event: 'user', id: '2' });
      const v2 = (await read(port, '/users/events?version=v2', { accept: 'application/jsonl' })).text;
      expect(v2).to.equal('{"id":1,"name":"Ada","email":"ada@example.com"}\n{"id":2,"name":"Grace","email":"grace@example.com"}\n');
    } finally {
      server.close();
    }
  });
});
