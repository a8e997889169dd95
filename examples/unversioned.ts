import type { Context } from 'koa';
import { Controller, Ctx, Get, Param, Post, Body, type RouteSource } from '../src';
import { UsersController } from './users';

/** What the app without versioning has always sent for a user: v1's shape, which its released document promises. */
const FLAT_USER = {
  $id: 'User',
  type: 'object',
  required: ['id', 'name', 'url'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, url: { type: 'string' } },
} as const;

const NEW_USER = {
  $id: 'NewUser',
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, pattern: '\\S', description: 'Not empty, not only blanks' } },
  examples: [{ name: 'Linus' }],
} as const;

type Wrapped = { data: { id: number; displayName: string }; links: { self: string } };

/** v3's answer as the app without versioning writes it. */
function flat({ data, links }: Wrapped): { id: number; name: string; url: string } {
  return { id: data.id, name: data.displayName, url: links.self };
}

/**
 * The app without a versioning scheme: `createApp` takes a version history only with a scheme
 * to tell versions apart. This app's clients have always had v1's shapes, so it answers with
 * v3's handlers and writes v1's shape itself.
 */
@Controller('/users')
class UnversionedUsers {
  private readonly users = new UsersController();

  @Get('/', { name: 'users-list', summary: 'Every user', tags: ['users'], responses: { 200: { schema: { type: 'array', items: FLAT_USER } } } })
  list(@Ctx() ctx: Context) {
    return (this.users.list(ctx) as Wrapped[]).map(flat);
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ }, summary: 'One user', tags: ['users'], responses: { 200: { schema: FLAT_USER } } })
  detail(@Param('id') id: number, @Ctx() ctx: Context) {
    return flat(this.users.detail(id, ctx) as Wrapped);
  }

  @Post('/', { name: 'users-create', summary: 'Add a user', tags: ['users'], responses: { 201: { description: 'The new user, at the URL in Location', schema: FLAT_USER } } })
  create(@Body({ required: true, schema: NEW_USER }) body: { name: string }, @Ctx() ctx: Context) {
    return flat(this.users.create({ displayName: body.name }, ctx) as Wrapped);
  }
}

/** The routes of the app without versioning. */
export const unversionedRoutes: RouteSource[] = [UnversionedUsers];
