import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import * as v from 'valibot';
import { z } from 'zod';
import { Controller, createApp, Ctx, Get, ImproperlyConfigured, InvalidResponse, type App } from '../../src';

const User = Type.Object({ id: Type.Integer(), name: Type.String(), roles: Type.Optional(Type.Array(Type.Object({ name: Type.String() }))) });
const row = { id: 1, name: 'Ada', passwordHash: 'x', roles: [{ name: 'admin', grantedBy: 'root' }] };

@Controller('/c')
class Contracts {
  @Get('/user', { name: 'user', responses: { 200: { schema: User } } }) user() {
    return row;
  }
  @Get('/list', { name: 'list', responses: { 200: { schema: Type.Array(User) } } }) list() {
    return [row, { ...row, id: 2 }];
  }
  @Get('/created', { name: 'created', responses: { 200: { schema: true }, 201: { schema: User } } }) created(@Ctx() ctx: Context) {
    ctx.status = 201;
    return row;
  }
  @Get('/range', { name: 'range', responses: { '2XX': { schema: User } } }) range(@Ctx() ctx: Context) {
    ctx.status = 202;
    return row;
  }
  @Get('/undocumented-status', { name: 'other', responses: { 201: { schema: User } } }) other() {
    return row;
  }
  @Get('/nothing', { name: 'nothing', responses: { 200: { schema: User } } }) nothing() {
    return undefined;
  }
  @Get('/own-body', { name: 'own-body', responses: { 200: { schema: User } } }) ownBody(@Ctx() ctx: Context) {
    ctx.body = row;
  }
  @Get('/buffer', { name: 'buffer', responses: { 200: { schema: User } } }) buffer() {
    return Buffer.from('{"passwordHash":"x"}');
  }
  @Get('/zod', { name: 'zod', responses: { 200: { schema: z.object({ id: z.number(), name: z.string() }) } } }) zod() {
    return row;
  }
  @Get('/valibot', { name: 'valibot', responses: { 200: { schema: v.object({ id: v.number(), name: v.string() }) } } }) valibot() {
    return row;
  }
  @Get('/wrong', { name: 'wrong', responses: { 200: { schema: User } } }) wrong() {
    return { id: 1.5, name: 'Ada' };
  }
  @Get('/nameless', { name: 'nameless', responses: { 200: { schema: User } } }) nameless() {
    return { id: 1 };
  }
}

const agent = (app: App = createApp({ routes: [Contracts] })) => request(app.callback());

describe('http/contracts: a response schema is what the route sends', () => {
  it('never sends a field the schema does not declare, nested and in arrays', async () => {
    const one = await agent().get('/c/user').expect(200).expect('Content-Type', /^application\/json/);
    expect(one.text).to.equal('{"id":1,"name":"Ada","roles":[{"name":"admin"}]}');
    const list = await agent().get('/c/list').expect(200);
    expect(list.body.map((user: object) => Object.keys(user))).to.deep.equal([['id', 'name', 'roles'], ['id', 'name', 'roles']]);
    expect(list.text).to.not.include('passwordHash').and.not.include('grantedBy');
  });

  it('chooses the schema by the status the handler set, exact first, then by range, and a route declaring one 2xx answers it', async () => {
    expect((await agent().get('/c/created').expect(201)).body).to.not.have.property('passwordHash');
    expect((await agent().get('/c/range').expect(202)).body).to.not.have.property('passwordHash');
    // The one declared 2xx is the default status (docs/declaring-what-handlers-decide.md): it was 200 with the hash before.
    expect((await agent().get('/c/undocumented-status').expect(201)).body).to.not.have.property('passwordHash');
  });

  it('answers undefined with the declared status and no body, and a body the handler set itself or a Buffer as they are', async () => {
    // The one declared 2xx is the status for nothing returned too (docs/declaring-what-handlers-decide.md): it was an undocumented 204.
    expect((await agent().get('/c/nothing').expect(200)).text).to.equal('');
    expect((await agent().get('/c/own-body').expect(200)).body).to.have.property('passwordHash');
    expect((await agent().get('/c/buffer').expect(200)).body.toString()).to.equal('{"passwordHash":"x"}');
  });

  it('serializes through what a Standard validator describes, or runs a validator that cannot describe itself and sends its output', async () => {
    expect((await agent().get('/c/zod').expect(200)).body).to.deep.equal({ id: 1, name: 'Ada' });
    expect((await agent().get('/c/valibot').expect(200)).body).to.deep.equal({ id: 1, name: 'Ada' });
  });
});

describe('http/contracts: validateResponses', () => {
  const errors = (app: App): unknown[] => {
    const seen: unknown[] = [];
    app.on('error', (error) => seen.push(error));
    return seen;
  };

  it('turns a mismatch into a 500 problem and an error event naming the route, the status and the pointer', async () => {
    const app = createApp({ routes: [Contracts], validateResponses: true });
    const seen = errors(app);
    const res = await agent(app).get('/c/wrong').expect(500).expect('Content-Type', /problem\+json/);
    expect(res.text).to.not.include('1.5');
    expect(seen).to.have.length(1);
    const error = seen[0] as InvalidResponse;
    expect(error).to.be.instanceOf(InvalidResponse);
    expect([error.code, error.status, error.issues.map((issue) => issue.pointer)]).to.deep.equal(['INVALID_RESPONSE', 200, ['#/id']]);
    expect(error.message).to.include("route 'wrong' (GET /c/wrong, Contracts.wrong)").and.include('#/id');
  });

  it('still sends only declared fields when the value is valid', async () => {
    const app = createApp({ routes: [Contracts], validateResponses: true });
    expect((await agent(app).get('/c/user').expect(200)).text).to.equal('{"id":1,"name":"Ada","roles":[{"name":"admin"}]}');
    expect((await agent(app).get('/c/zod').expect(200)).body).to.deep.equal({ id: 1, name: 'Ada' });
  });

  it('is off by default: the serializer writes what it can (an integer given 1.5 is written 1)', async () => {
    const app = createApp({ routes: [Contracts] });
    const seen = errors(app);
    expect((await agent(app).get('/c/wrong').expect(200)).body).to.deep.equal({ id: 1, name: 'Ada' });
    expect(seen).to.deep.equal([]);
  });

  it('without it, a value the serializer cannot write (a required member missing) is still a 500 naming the route', async () => {
    const app = createApp({ routes: [Contracts] });
    const seen = errors(app);
    await agent(app).get('/c/nameless').expect(500);
    expect((seen[0] as InvalidResponse).message).to.include("route 'nameless'").and.include('status 200');
  });

  it('refuses an option that is not a boolean', () => {
    expect(() => createApp({ routes: [Contracts], validateResponses: 'yes' as never })).to.throw(ImproperlyConfigured, /validateResponses must be true or false/);
  });
});

describe('http/contracts: build errors', () => {
  it('names the route, its method and path, and the status of a schema that cannot be compiled', () => {
    @Controller('/b')
    class Broken {
      @Get('/x', { name: 'broken', responses: { 200: { schema: { type: 'object', properties: { a: { $ref: '#/nope' } } } } } }) x() {
        return {};
      }
    }
    expect(() => createApp({ routes: [Broken] }))
      .to.throw(ImproperlyConfigured)
      .with.property('message')
      .that.includes("route 'broken' (GET /b/x, Broken.x) responses['200']");
  });

  it('refuses a response schema that is not a schema', () => {
    expect(() => {
      @Controller('/b')
      class NotSchema {
        @Get('/x', { responses: { 200: { schema: 'User' as never } } }) x() {}
      }
      return createApp({ routes: [NotSchema] });
    }).to.throw(ImproperlyConfigured, /responses\['200'\]\.schema of .* must be a JSON Schema .* or a Standard Schema validator/);
  });
});
