import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { MessageView } from '#domain/views.ts';
import { deviceDb } from '../../offline/db.ts';

/**
 * Replies from the business the customer has not seen: its messages in a booking's chat after the customer's own
 * last message and after the last time the chat was open on this device. A device new to the account counts only
 * what is still unanswered, not every reply ever sent. Per booking; undefined while the device's copy is read.
 */
export function useNewReplies(): ReadonlyMap<string, number> | undefined {
  const marks = useSyncExternalStore(subscribe, () => version, () => 0);
  return useLiveQuery(async () => newReplies(await deviceDb().messages.orderBy('createdAt').toArray(), seenAt), [marks]);
}

/** Remembers, on this device, that the customer has seen a booking's chat up to this message's time. */
export function markRepliesSeen(bookingId: string, latestAt: string): void {
  if ((seenAt(bookingId) ?? '') >= latestAt) return;
  try {
    localStorage.setItem(KEY + bookingId, latestAt);
  } catch {
    // Storage full or refused (a private window): the badge then stays until the customer answers.
  }
  version += 1;
  for (const listener of listeners) listener();
}

/** The business's messages per booking after both the customer's last one and the seen mark (messages oldest first). */
export function newReplies(messages: readonly MessageView[], seen: (bookingId: string) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (!message.isFromAdmin) counts.delete(message.bookingId);
    else if (message.createdAt > (seen(message.bookingId) ?? '')) counts.set(message.bookingId, (counts.get(message.bookingId) ?? 0) + 1);
  }
  return counts;
}

const KEY = 'chat-seen:';
let version = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function seenAt(bookingId: string): string | null {
  try {
    return localStorage.getItem(KEY + bookingId);
  } catch {
    return null;
  }
}
