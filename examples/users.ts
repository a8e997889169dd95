import type { Context } from 'koa';
import { BadRequest, Body, Controller, Ctx, Get, NotFound, Param, Post, Query } from '../src';

export interface User {
  id: number;
  name: string;
}

/** Each app gets its own users: no state shared between two apps in one process. */
const stores = new WeakMap<object, Map<number, User>>();

function usersOf(ctx: Context): Map<number, User> {
  let users = stores.get(ctx.app);
  if (!users) {
    users = new Map([
      [1, { id: 1, name: 'Ada' }],
      [2, { id: 2, name: 'Grace' }],
    ]);
    stores.set(ctx.app, users);
  }
  return users;
}

/** The body of `users-create`, as its OpenAPI document shows it (an empty name is the handler's 400). */
const NEW_USER = { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, examples: [{ name: 'Linus' }] };

/** Version 1 (and unversioned requests): plain user objects with a `url`. */
@Controller('/users', { versions: ['v1', null] })
export class UsersController {
  @Get('/', { name: 'users-list', summary: 'Every user', tags: ['users'] })
  list(@Ctx() ctx: Context) {
    return [...usersOf(ctx).values()].map((user) => this.present(ctx, user));
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ }, summary: 'One user', tags: ['users'] })
  detail(@Param('id') id: number, @Ctx() ctx: Context) {
    const user = usersOf(ctx).get(id);
    if (!user) throw new NotFound('No such user.');
    return this.present(ctx, user);
  }

  @Post('/', { name: 'users-create', summary: 'Add a user', tags: ['users'], responses: { 201: { description: 'The new user, at the URL in Location' } } })
  create(@Body({ required: true, schema: NEW_USER }) body: { name?: unknown } | undefined, @Ctx() ctx: Context) {
    if (typeof body?.name !== 'string' || body.name.trim() === '') throw new BadRequest('A user needs a non-empty "name".');
    const users = usersOf(ctx);
    const user = { id: Math.max(0, ...users.keys()) + 1, name: body.name };
    users.set(user.id, user);
    ctx.status = 201;
    ctx.set('Location', ctx.reverse('users-detail', { id: user.id }));
    return this.present(ctx, user);
  }

  protected present(ctx: Context, user: User): unknown {
    return { ...user, url: ctx.reverse('users-detail', { id: user.id }) };
  }
}

/** Version 2: the same routes and names, each user wrapped as `{ data, links }`. */
@Controller('/users', { versions: ['v2'] })
export class UsersV2Controller extends UsersController {
  @Get('/search', { name: 'users-search', summary: 'Users whose name contains `name` (new in v2)', tags: ['users'] })
  search(@Query('name', { type: String }) name: string | undefined, @Ctx() ctx: Context) {
    const needle = (name ?? '').toLowerCase();
    return [...usersOf(ctx).values()].filter((user) => user.name.toLowerCase().includes(needle)).map((user) => this.present(ctx, user));
  }

  protected present(ctx: Context, user: User): unknown {
    return { data: user, links: { self: ctx.reverse('users-detail', { id: user.id }) } };
  }
}
