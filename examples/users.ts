import { Body, Controller, Ctx, Get, NotFound, Param, Post, BadRequest } from '../src';
import type { Context } from 'koa';

export interface User {
  id: number;
  name: string;
}

/** A users API: list, detail and create, with links built by `ctx.reverse`. */
@Controller('/users')
export class UsersController {
  private readonly users = new Map<number, User>([
    [1, { id: 1, name: 'Ada' }],
    [2, { id: 2, name: 'Grace' }],
  ]);

  @Get('/', 'users-list')
  list(@Ctx() ctx: Context) {
    return [...this.users.values()].map((user) => this.present(ctx, user));
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ } })
  detail(@Param('id') id: number, @Ctx() ctx: Context) {
    const user = this.users.get(id);
    if (!user) throw new NotFound('No such user.');
    return this.present(ctx, user);
  }

  @Post('/', 'users-create')
  create(@Body() body: { name?: unknown }, @Ctx() ctx: Context) {
    if (typeof body?.name !== 'string' || body.name.trim() === '') throw new BadRequest('A user needs a non-empty "name".');
    const user = { id: Math.max(0, ...this.users.keys()) + 1, name: body.name };
    this.users.set(user.id, user);
    ctx.status = 201;
    ctx.set('Location', ctx.reverse('users-detail', { id: user.id }));
    return this.present(ctx, user);
  }

  private present(ctx: Context, user: User) {
    return { ...user, url: ctx.reverse('users-detail', { id: user.id }) };
  }
}
