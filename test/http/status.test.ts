import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Delete, Get, Post, InvalidResponse, redirect } from '../../src';
import { generateClient } from '../../src/client/emit';
import { clientSourceOf } from '../../src/client/source';

const User = Type.Object({ id: Type.Integer(), name: Type.String() });
const row = { id: 1, name: 'Ada', passwordHash: 'x' };

@Controller('/users')
class Users {
  @Post('', { name: 'create', responses: { 201: { schema: User } } }) create() {
    return row;
  }
  @Get('/own', { name: 'own', responses: { 201: { schema: User } } }) own(@Ctx() ctx: Context) {
    ctx.status = 200;
    return row;
  }
  @Get('/ok', { name: 'ok', responses: { 200: { schema: User } } }) ok() {}
  @Delete('/:id', 'delete') remove() {}
  @Get('/first/one', { name: 'first', status: 302 }) first() {
    return redirect('ok');
  }
}

@Controller('/explicit')
class Explicit {
  @Post('', { name: 'explicit', status: 202 }) explicit() {
    return { queued: true };
  }
  @Post('/empty', { name: 'explicit-empty', status: 201 }) explicitEmpty() {}
}

describe('http/status: the status a handler answers when it sets none (docs/declaring-what-handlers-decide.md)', () => {
  // Regression: a route declaring only 201 answered 200 and sent the password hash.
  it('answers the single declared 2xx, serialized by its schema', async () => {
    const reply = await request(createApp({ routes: [Users] }).callback()).post('/users').expect(201);
    expect(reply.body).to.deep.equal({ id: 1, name: 'Ada' });
  });

  it('answers RouteOptions.status, with a body or without one', async () => {
    const agent = request(createApp({ routes: [Explicit] }).callback());
    expect((await agent.post('/explicit').expect(202)).body).to.deep.equal({ queued: true });
    await agent.post('/explicit/empty').expect(201);
  });

  it('answers the single declared 2xx for nothing returned too, with an empty body: the 204 was undocumented', async () => {
    const reply = await request(createApp({ routes: [Users] }).callback()).get('/users/ok').expect(200);
    expect(reply.text).to.equal('');
  });

  // Regression: with validateResponses, a body sent with an undeclared status went out unserialized.
  it('makes a body sent with an undeclared status an InvalidResponse under validateResponses', async () => {
    const app = createApp({ routes: [Users], validateResponses: true });
    const errors: unknown[] = [];
    app.on('error', (error) => errors.push(error));
    const reply = await request(app.callback()).get('/users/own').expect(500);
    expect(reply.text).to.not.contain('passwordHash');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.be.instanceOf(InvalidResponse);
    expect((errors[0] as InvalidResponse).status).to.equal(200);
    expect((errors[0] as InvalidResponse).route).to.contain("'own'");
  });

  it('still sends the body with an undeclared status without validateResponses', async () => {
    const reply = await request(createApp({ routes: [Users] }).callback()).get('/users/own').expect(200);
    expect(reply.body).to.have.property('passwordHash');
  });
});

describe('http/status: what the document says a route answers (docs/declaring-what-handlers-decide.md)', () => {
  const statuses = (name: string, routes: Function[] = [Users]) => {
    const document = createApp({ routes }).openapi();
    const operation = Object.values(document.paths as Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>)
      .flatMap((item) => Object.values(item))
      .find((candidate) => candidate['x-waymark-route' as 'operationId'] === name);
    return Object.keys(operation?.responses ?? {}).filter((status) => status < '400');
  };

  it('documents 200 and 204 for a route without declared success responses', () => {
    expect(statuses('delete')).to.deep.equal(['200', '204']);
  });

  it('documents RouteOptions.status alone, and the declared 2xx alone', () => {
    expect(statuses('explicit', [Explicit])).to.deep.equal(['202']);
    expect(statuses('create')).to.deep.equal(['201']);
  });
});

describe('http/status: the generated client accepts what the route sends', () => {
  const scratch = join(__dirname, '..', '..', '.tmp', 'status-client-test');
  before(() => mkdirSync(scratch, { recursive: true }));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  // Regression: DELETE answered 204, the document said 200 {}, and the client threw UnexpectedStatus on success.
  it('does not throw UnexpectedStatus on a 204 from a handler that returns nothing', async () => {
    const app = createApp({ routes: [Users] });
    const file = join(scratch, 'client.ts');
    writeFileSync(file, generateClient(clientSourceOf(app, 'test')));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { createClient } = require(file) as { createClient(options: { baseUrl: string }): { call(name: string, args?: object): Promise<{ status: number; body: unknown }> } };
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
      expect((await client.call('delete', { id: '1' })).status).to.equal(204);
      expect(await client.call('create')).to.deep.include({ status: 201, body: { id: 1, name: 'Ada' } });
      // A documented redirect is the reply, not the page it points to (which the document does not list for this operation).
      expect((await client.call('first')).status).to.equal(302);
    } finally {
      server.close();
    }
  });
});
