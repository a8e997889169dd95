import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, change, Controller, createApp, field, Post, QueryParameterVersioning, VersionHistory } from '../../src';

const NewAuthor = z.object({ name: z.string().min(1), country: z.string() });

@Controller('/authors', { namespace: 'authors' })
class Authors {
  @Post('/', { name: 'create' }) create(@Body({ schema: NewAuthor }) body: z.infer<typeof NewAuthor>) {
    return body;
  }
}

describe('version history: a Standard Schema validator named by a change', () => {
  const history = new VersionHistory([{ version: 'v2', changes: [change({ description: 'nationality is now country', instructions: [field(NewAuthor, 'country').had({ name: 'nationality' })] })] }, { version: 'v1' }]);
  const app = createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: 'v2' }), history });

  it("is derived through its JSON Schema for older versions, and still validates the head's requests itself", async () => {
    const old = await request(app.callback()).post('/authors?version=v1').send({ name: 'Ursula', nationality: 'US' });
    expect([old.status, old.body]).to.deep.equal([200, { name: 'Ursula', country: 'US' }]);
    expect((await request(app.callback()).post('/authors?version=v1').send({ name: 'Ursula', country: 'US' })).status).to.equal(400);
    expect((await request(app.callback()).post('/authors?version=v2').send({ name: '', country: 'US' })).status).to.equal(400);
    const schema = (app.openapi({ version: 'v1' }).paths['/authors'] as any).post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).to.deep.equal(['name', 'nationality']);
  });
});
