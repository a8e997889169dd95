import type { Context } from 'koa';
import { Body, Controller, Ctx, Get, NotFound, Param, Post, Query } from '../src';

/** A stored user. `passwordHash` is internal: the response schemas below never let it out. */
export interface User {
  id: number;
  name: string;
  passwordHash: string;
}

/** Each app gets its own users: no state shared between two apps in one process. */
const stores = new WeakMap<object, Map<number, User>>();

function usersOf(ctx: Context): Map<number, User> {
  let users = stores.get(ctx.app);
  if (!users) {
    users = new Map([
      [1, { id: 1, name: 'Ada', passwordHash: 'scrypt$not-a-real-hash' }],
      [2, { id: 2, name: 'Grace', passwordHash: 'scrypt$not-a-real-hash' }],
    ]);
    stores.set(ctx.app, users);
  }
  return users;
}

/** The body of `users-create`: exactly what the handler accepts, a name that is not empty or only blanks. */
const NEW_USER = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, pattern: '\\S', description: 'Not empty, not only blanks' } },
  examples: [{ name: 'Linus' }],
} as const;

/** What version 1 sends for a user (docs/contracts.md): the stored record's `passwordHash` is not declared, so it is never sent. */
const USER_V1 = {
  type: 'object',
  required: ['id', 'name', 'url'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, url: { type: 'string' } },
} as const;

/** What version 2 sends for a user: the record under `data` (still without `passwordHash`), its links beside. */
const USER_V2 = {
  type: 'object',
  required: ['data', 'links'],
  properties: {
    data: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    links: { type: 'object', required: ['self'], properties: { self: { type: 'string' } } },
  },
} as const;

const CREATED = 'The new user, at the URL in Location';

/** Version 1 (and unversioned requests): plain user objects with a `url`. */
@Controller('/users', { versions: ['v1', null] })
export class UsersController {
  @Get('/', { name: 'users-list', summary: 'Every user', tags: ['users'], responses: { 200: { schema: { type: 'array', items: USER_V1 } } } })
  list(@Ctx() ctx: Context) {
    return [...usersOf(ctx).values()].map((user) => this.present(ctx, user));
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ }, summary: 'One user', tags: ['users'], responses: { 200: { schema: USER_V1 } } })
  detail(@Param('id') id: number, @Ctx() ctx: Context) {
    const user = usersOf(ctx).get(id);
    if (!user) throw new NotFound('No such user.');
    return this.present(ctx, user);
  }

  @Post('/', { name: 'users-create', summary: 'Add a user', tags: ['users'], responses: { 201: { description: CREATED, schema: USER_V1 } } })
  create(@Body({ required: true, schema: NEW_USER }) body: { name: string }, @Ctx() ctx: Context) {
    const users = usersOf(ctx);
    const user = { id: Math.max(0, ...users.keys()) + 1, name: body.name, passwordHash: 'scrypt$not-a-real-hash' };
    users.set(user.id, user);
    ctx.status = 201;
    ctx.set('Location', ctx.reverse('users-detail', { id: user.id }));
    return this.present(ctx, user);
  }

  /** The whole record goes out with a link; the route's response schema decides what is sent. */
  protected present(ctx: Context, user: User): unknown {
    return { ...user, url: ctx.reverse('users-detail', { id: user.id }) };
  }
}

/**
 * Version 2: the same routes and names, each user wrapped as `{ data, links }`.
 * Each route is declared again for its version 2 response schema; the handlers are version 1's.
 */
@Controller('/users', { versions: ['v2'] })
export class UsersV2Controller extends UsersController {
  @Get('/', { name: 'users-list', summary: 'Every user', tags: ['users'], responses: { 200: { schema: { type: 'array', items: USER_V2 } } } })
  override list(@Ctx() ctx: Context) {
    return super.list(ctx);
  }

  @Get('/search', { name: 'users-search', summary: 'Users whose name contains `name` (new in v2)', tags: ['users'], responses: { 200: { schema: { type: 'array', items: USER_V2 } } } })
  search(@Query('name', { type: String }) name: string | undefined, @Ctx() ctx: Context) {
    const needle = (name ?? '').toLowerCase();
    return [...usersOf(ctx).values()].filter((user) => user.name.toLowerCase().includes(needle)).map((user) => this.present(ctx, user));
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ }, summary: 'One user', tags: ['users'], responses: { 200: { schema: USER_V2 } } })
  override detail(@Param('id') id: number, @Ctx() ctx: Context) {
    return super.detail(id, ctx);
  }

  @Post('/', { name: 'users-create', summary: 'Add a user', tags: ['users'], responses: { 201: { description: CREATED, schema: USER_V2 } } })
  override create(@Body({ required: true, schema: NEW_USER }) body: { name: string }, @Ctx() ctx: Context) {
    return super.create(body, ctx);
  }

  protected override present(ctx: Context, user: User): unknown {
    return { data: user, links: { self: ctx.reverse('users-detail', { id: user.id }) } };
  }
}
