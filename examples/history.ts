import { change, field, route, VersionHistory } from '../src';
import { NewUser, User, UserData } from './users';

/** v3: the handlers say `displayName`; v1 and v2 clients keep sending and reading `name` (a rename converts itself both ways). */
const nameIsDisplayName = change({
  description: "A user's `name` is now called `displayName`.",
  instructions: [field(UserData, 'displayName').had({ name: 'name' }), field(NewUser, 'displayName').had({ name: 'name' })],
});

/** v2: a user is wrapped as `{ data, links }`; v1 had the record's fields and its `url` side by side. */
const usersAreWrapped = change({
  description: 'A user is sent as `{ data, links }`: the record under `data`, its URL as `links.self`.',
  instructions: [
    field(User, 'data').didNotExist,
    field(User, 'links').didNotExist,
    field(User, 'id').existed({ schema: { type: 'integer' }, required: true }),
    field(User, 'name').existed({ schema: { type: 'string' }, required: true }),
    field(User, 'url').existed({ schema: { type: 'string' }, required: true }),
  ],
  // A converter sees the newer side's names: `data.name`, since v3's rename is undone before this step.
  responses: [{ schema: User, convert: ({ data, links }: { data: object; links: { self: string } }) => ({ ...data, url: links.self }) }],
});

/** v2: `GET /users/search` is new. */
const searchIsNew = change({
  description: '`GET /users/search?name=` finds users by name.',
  instructions: [route('users-search').didNotExist],
});

/**
 * The sample's changelog, newest first: the handlers in users.ts are v3's, and each older
 * version is what the changes above it undo (docs/version-history.md).
 */
export const history = new VersionHistory([
  { version: 'v3', changes: [nameIsDisplayName] },
  { version: 'v2', changes: [usersAreWrapped, searchIsNew] },
  { version: 'v1' },
]);
