import { User } from './users';

/**
 * The payload the sample sends a subscriber when a user is created (a webhook): the user as
 * `GET /users/:id` answers it. Each version's document describes it in that version's shape,
 * and `history.convert(UserCreated, payload, { to })` writes it so (docs/version-history.md).
 */
export const UserCreated = {
  type: 'object',
  required: ['type', 'user'],
  properties: { type: { type: 'string', const: 'user.created' }, user: User },
} as const;

/** The sample's `openapi.webhooks`. */
export const sampleWebhooks = { 'user.created': UserCreated };
