import type { ReadModel } from './model.ts';

/**
 * The business's own marks on each booking's chat, one row per chat that has one: the customer's message the admin
 * marked as needing no reply. Only the admin's sync feed carries it (data/sync.ts); whether a chat waits for an
 * answer is worked out where the messages are (its latest is the customer's, and not the one marked).
 */
export const chats: ReadModel = {
  name: 'chats',
  version: 1,
  project(event) {
    if (event.type !== 'ChatMarkedNoReplyNeeded') return [];
    return [{ op: 'upsert', table: 'chats', row: { id: event.data.bookingId, noReplyNeededFor: event.data.messageId, markedAt: event.metadata.time } }];
  },
};
