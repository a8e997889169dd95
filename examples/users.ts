import type { Context } from 'koa';
import { Body, Controller, createParameter, Ctx, Get, Header, NotFound, Param, Post, Query, reply, serverEvent } from '../src';

/** A stored user. `passwordHash` is internal: the response schemas below never let it out. */
export interface User {
  id: number;
  displayName: string;
  passwordHash: string;
  /** Who created the user, when the caller said (internal too: not in the schemas). */
  createdBy?: number;
}

/** Each app gets its own users: no state shared between two apps in one process. */
const stores = new WeakMap<object, Map<number, User>>();

function usersOf(ctx: Context): Map<number, User> {
  let users = stores.get(ctx.app);
  if (!users) {
    users = new Map([
      [1, { id: 1, displayName: 'Ada', passwordHash: 'scrypt$not-a-real-hash' }],
      [2, { id: 2, displayName: 'Grace', passwordHash: 'scrypt$not-a-real-hash' }],
    ]);
    stores.set(ctx.app, users);
  }
  return users;
}

/**
 * The calling user, from `Authorization: Token <id>` naming a stored user; `undefined` for an
 * anonymous caller (the sample's routes are open). A parameter of its own instead of an untyped
 * `ctx.state.user` read in every handler (docs/declaring-what-handlers-decide.md).
 */
export const CurrentUser = createParameter((ctx: Context): User | undefined => {
  const token = /^Token (\d+)$/.exec(ctx.get('authorization'));
  return token === null ? undefined : usersOf(ctx).get(Number(token[1]));
});

/**
 * The schemas of the newest version (v3). The older versions' are derived from these by the
 * changes in history.ts, which name these very objects: keep them exported values.
 */
export const NewUser = {
  $id: 'NewUser',
  type: 'object',
  required: ['displayName'],
  // The example is the field's, not the object's: it then follows the field's name into every version.
  properties: { displayName: { type: 'string', minLength: 1, pattern: '\\S', description: 'Not empty, not only blanks', examples: ['Linus'] } },
} as const;

/** A user's record, without its `passwordHash`: it is not declared, so it is never sent (docs/contracts.md). */
export const UserData = {
  $id: 'UserData',
  type: 'object',
  required: ['id', 'displayName'],
  properties: { id: { type: 'integer' }, displayName: { type: 'string' } },
} as const;

/** What is sent for a user: the record under `data`, its links beside. */
export const User = {
  $id: 'User',
  type: 'object',
  required: ['data', 'links'],
  properties: { data: UserData, links: { type: 'object', required: ['self'], properties: { self: { type: 'string' } } } },
} as const;

const USERS = { type: 'array', items: User } as const;
const CREATED = 'The new user, at the URL in Location';

/**
 * The users API, written once, for the newest version. Clients of v1 and v2 reach these same
 * handlers: the history (history.ts) converts their requests forward and the answers back.
 */
@Controller('/users')
export class UsersController {
  @Get('/', { name: 'users-list', summary: 'Every user', tags: ['users'], responses: { 200: { schema: USERS } } })
  list(@Ctx() ctx: Context) {
    return [...usersOf(ctx).values()].map((user) => present(ctx, user));
  }

  @Get('/search', { name: 'users-search', summary: 'Users whose name contains `name` (new in v2)', tags: ['users'], responses: { 200: { schema: USERS } } })
  search(@Query('name', { type: String }) name: string | undefined, @Ctx() ctx: Context) {
    const needle = (name ?? '').toLowerCase();
    return [...usersOf(ctx).values()].filter((user) => user.displayName.toLowerCase().includes(needle)).map((user) => present(ctx, user));
  }

  /**
   * The users as a stream of events (docs/streams.md), in each version's shape: one `user` event
   * per user, its id the event's, so a client that reconnects with `Last-Event-ID` gets the rest.
   */
  @Get('/events', { name: 'users-events', summary: 'Every user as a stream of events (SSE or JSON Lines)', tags: ['users'], responses: { 200: { items: User } } })
  async *events(@Header('last-event-id', { type: Number }) after: number | undefined, @Ctx() ctx: Context) {
    for (const user of usersOf(ctx).values()) {
      if (after !== undefined && user.id <= after) continue;
      yield serverEvent({ data: present(ctx, user), event: 'user', id: String(user.id) });
    }
  }

  @Get('/:id', { name: 'users-detail', requirements: { id: /\d+/ }, summary: 'One user', tags: ['users'], responses: { 200: { schema: User } } })
  detail(@Param('id') id: number, @Ctx() ctx: Context) {
    const user = usersOf(ctx).get(id);
    if (!user) throw new NotFound('No such user.');
    return present(ctx, user);
  }

  @Post('/', { name: 'users-create', summary: 'Add a user', tags: ['users'], responses: { 201: { description: CREATED, schema: User } } })
  create(@Body({ required: true, schema: NewUser }) body: { displayName: string }, @CurrentUser() author: User | undefined, @Ctx() ctx: Context) {
    const users = usersOf(ctx);
    const user: User = { id: Math.max(0, ...users.keys()) + 1, displayName: body.displayName, passwordHash: 'scrypt$not-a-real-hash', createdBy: author?.id };
    users.set(user.id, user);
    // 201 is the route's one declared success, so it is the status; the Location is reversed through the
    // request, so a link built while serving v1 is a v1 link.
    return reply(present(ctx, user), { location: 'users-detail', params: { id: user.id } });
  }
}

/** The whole record goes out with its link; the route's response schema decides what is sent. */
function present(ctx: Context, user: User): unknown {
  return { data: user, links: { self: ctx.reverse('users-detail', { id: user.id }) } };
}
