import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { z } from 'zod';
import { Controller, Cookie, createApp, createParameter, Get, Headers, ImproperlyConfigured, Queries, Query, State, type Infer } from '../../src';

interface User {
  name: string;
}
const CurrentUser = createParameter((ctx) => ctx.state.user as User | undefined, { required: true, responses: [401], security: { token: [] } });
const MaybeUser = createParameter(async (ctx: Context) => (ctx.state.user as User | undefined)?.name);
const Search = Type.Object({ q: Type.String(), page: Type.Optional(Type.Integer({ minimum: 1 })), tag: Type.Optional(Type.Array(Type.String())) });
const Dates = z.object({ from: z.coerce.date() });

@Controller('/p')
class Params {
  @Get('/me', 'me') me(@CurrentUser() user: User) {
    return { name: user.name };
  }
  @Get('/maybe', 'maybe') maybe(@MaybeUser() name: string | undefined, @State('role') role: string | undefined) {
    return { name: name ?? null, role: role ?? null };
  }
  @Get('/prefs', 'prefs') prefs(@Cookie('theme', { required: true }) theme: string, @Cookie('visits', { type: Number }) visits?: number) {
    return { theme, visits: visits ?? null };
  }
  @Get('/session', 'session') session(@Cookie('sid', { signed: true }) sid?: string) {
    return { sid: sid ?? null };
  }
  @Get('/search', 'search') search(@Queries({ schema: Search }) query: Infer<typeof Search>) {
    return query;
  }
  @Get('/zod', 'zod') zod(@Queries({ schema: Dates }) query: z.infer<typeof Dates>) {
    return { from: query.from.toISOString() };
  }
  @Get('/headers', 'headers') headers(@Headers() headers: Record<string, string>) {
    return { agent: headers['x-agent'] };
  }
  @Get('/at', 'at') at(@Query('at', { type: Array, items: Date }) at: Date[], @Query('on', { schema: { type: 'array', items: { type: 'string', format: 'date-time' } } }) on?: Date[]) {
    return { at: at.map((date) => date instanceof Date), on: (on ?? []).map((date) => date instanceof Date) };
  }
}

function app() {
  const built = createApp({ routes: [Params], openapi: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } } });
  built.keys = ['k1'];
  built.use(async (ctx, next) => {
    if (ctx.get('authorization') === 'Token ada') ctx.state.user = { name: 'Ada' };
    if (ctx.get('x-role')) ctx.state.role = ctx.get('x-role');
    await next();
  });
  return built;
}

describe('decorators/parameters: createParameter and the built-ins (docs/declaring-what-handlers-decide.md)', () => {
  it('resolves a custom parameter after the middleware; required and absent is its declared 401 problem', async () => {
    const agent = request(app().callback());
    expect((await agent.get('/p/me').set('Authorization', 'Token ada').expect(200)).body).to.deep.equal({ name: 'Ada' });
    const refused = await agent.get('/p/me').expect(401);
    expect(refused.headers['content-type']).to.match(/^application\/problem\+json/);
  });

  it('documents a { status, schema } response of a custom parameter with its own body, as a described guard\'s', () => {
    const Unauthorized = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
    const Caller = createParameter((ctx) => ctx.state.user as User | undefined, { required: true, responses: [{ status: 401, schema: Unauthorized }] });
    @Controller('/me')
    class Me {
      @Get('', 'me') me(@Caller() user: User) {
        return user;
      }
    }
    const responses = createApp({ routes: [Me] }).openapi().paths['/me'].get.responses as Record<string, { content: Record<string, { schema: unknown }> }>;
    expect(responses['401'].content['application/problem+json'].schema).to.deep.equal(Unauthorized);
  });

  it('awaits an asynchronous resolver; @State reads ctx.state, own keys only', async () => {
    const agent = request(app().callback());
    expect((await agent.get('/p/maybe').set('Authorization', 'Token ada').set('X-Role', 'admin').expect(200)).body).to.deep.equal({ name: 'Ada', role: 'admin' });
    expect((await agent.get('/p/maybe').expect(200)).body).to.deep.equal({ name: null, role: null });
  });

  it('reads cookies converted like headers: a missing required one is a 400, a wrong type a 400', async () => {
    const agent = request(app().callback());
    expect((await agent.get('/p/prefs').set('Cookie', 'theme=dark; visits=3').expect(200)).body).to.deep.equal({ theme: 'dark', visits: 3 });
    await agent.get('/p/prefs').set('Cookie', 'visits=3').expect(400);
    await agent.get('/p/prefs').set('Cookie', 'theme=dark; visits=many').expect(400);
  });

  it('reads a signed cookie through app.keys; a bad signature is absent', async () => {
    const built = app();
    const agent = request(built.callback());
    const signature = require('keygrip')(['k1']).sign('sid=abc');
    expect((await agent.get('/p/session').set('Cookie', `sid=abc; sid.sig=${signature}`).expect(200)).body).to.deep.equal({ sid: 'abc' });
    expect((await agent.get('/p/session').set('Cookie', 'sid=abc; sid.sig=forged').expect(200)).body).to.deep.equal({ sid: null });
    expect((await agent.get('/p/session').set('Cookie', 'sid=abc').expect(200)).body).to.deep.equal({ sid: null });
  });

  it('validates the whole query as one object, coerced as form values are; failures are one 400', async () => {
    const agent = request(app().callback());
    expect((await agent.get('/p/search?q=koa&page=2&tag=a&tag=b').expect(200)).body).to.deep.equal({ q: 'koa', page: 2, tag: ['a', 'b'] });
    expect((await agent.get('/p/search?q=koa&tag=a').expect(200)).body).to.deep.equal({ q: 'koa', tag: ['a'] });
    const refused = await agent.get('/p/search?page=0').expect(400);
    expect(refused.body.errors.length).to.be.at.least(2);
    expect((await agent.get('/p/zod?from=2024-01-02T03:04:05Z').expect(200)).body).to.deep.equal({ from: '2024-01-02T03:04:05.000Z' });
    await agent.get('/p/search?q=x&__proto__=1&constructor=2').expect(200);
  });

  it('gives every header with @Headers()', async () => {
    expect((await request(app().callback()).get('/p/headers').set('X-Agent', 'me').expect(200)).body).to.deep.equal({ agent: 'me' });
  });

  // Regression: Date[] query values stayed strings.
  it('converts Date[] query values, by items or by a date-time schema', async () => {
    const agent = request(app().callback());
    const reply = await agent.get('/p/at?at=2024-01-02T03:04:05Z&at=2024-02-02T00:00:00Z&on=2024-01-02T03:04:05Z').expect(200);
    expect(reply.body).to.deep.equal({ at: [true, true], on: [true] });
    await agent.get('/p/at?at=yesterday').expect(400);
    await agent.get('/p/at?at=2024-01-02T03:04:05Z&on=nope').expect(400);
  });

  it('documents cookies, the query properties, and the custom parameter as a guard', () => {
    const paths = app().openapi().paths as unknown as Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[]; responses: object; security: object }>>;
    expect(paths['/p/prefs'].get.parameters?.map((p) => [p.name, p.in, p.required])).to.deep.equal([
      ['theme', 'cookie', true],
      ['visits', 'cookie', false],
    ]);
    expect(paths['/p/search'].get.parameters?.map((p) => [p.name, p.in, p.required])).to.deep.equal([
      ['q', 'query', true],
      ['page', 'query', false],
      ['tag', 'query', false],
    ]);
    expect(paths['/p/me'].get.responses).to.have.property('401');
    expect(paths['/p/me'].get.security).to.deep.equal([{ token: [] }]);
    expect(paths['/p/at'].get.parameters?.[0]).to.deep.include({ name: 'at', in: 'query' });
  });

  // Regression: the hint for an optional string parameter suggested { type: Number }.
  it('lists the choices of type for a parameter TypeScript recorded as Object, instead of guessing', async () => {
    @Controller('/h')
    class Hint {
      @Get('') find(@Query('q') q?: string | undefined) {
        return { q };
      }
    }
    // TypeScript records `string | undefined` as Object; Bun drops the `undefined` and records
    // String, and then there is nothing to hint (docs/toolchains.md#waymarks-own-tests-on-bun-and-deno).
    const [recorded] = Reflect.getMetadata('design:paramtypes', Hint.prototype, 'find') as unknown[];
    if (recorded === String) expect((await request(createApp({ routes: [Hint] }).callback()).get('/h?q=7')).body).to.deep.equal({ q: '7' });
    else expect(() => createApp({ routes: [Hint] })).to.throw(ImproperlyConfigured, /\{ type: String \}.*\{ type: Number \}/);
  });

  it('refuses misuse when the app is built: a security scheme the options lack, an unknown option', () => {
    expect(() => createApp({ routes: [Params] }).openapi()).to.throw(ImproperlyConfigured, /token/);
    expect(() => createParameter(() => 1, { require: true } as never)).to.throw(ImproperlyConfigured, /required/);
  });
});
