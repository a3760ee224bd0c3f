import type { ReadModel } from './model.ts';

/**
 * The business's own marks on each booking's chat, one row per chat that has ever had one: the customer's message the
 * admin marked as needing no reply, or null once the mark was taken back (the row stays, so the admin's other devices
 * hear of the undo through the sync feed like any change). Only the admin's sync feed carries it (data/sync.ts);
 * whether a chat waits for an answer is worked out where the messages are (domain/chat-waiting.ts).
 */
export const chats: ReadModel = {
  name: 'chats',
  version: 1,
  project(event) {
    switch (event.type) {
      case 'ChatMarkedNoReplyNeeded':
        return [{ op: 'upsert', table: 'chats', row: { id: event.data.bookingId, noReplyNeededFor: event.data.messageId, markedAt: event.metadata.time } }];
      case 'ChatMarkedReplyNeeded':
        return [{ op: 'upsert', table: 'chats', row: { id: event.data.bookingId, noReplyNeededFor: null, markedAt: event.metadata.time } }];
      default:
        return [];
    }
  },
};
