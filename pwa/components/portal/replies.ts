import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import type { BookingView, MessageView } from '#domain/views.ts';
import { deviceDb } from '../../offline/db.ts';
import { ownRows } from '../../offline/use-mirror.ts';

/**
 * Replies from the business the customer has not seen: its messages in a booking's chat after the customer's own
 * last message and after the last time the chat was open on this device. A device new to the account counts only
 * what is still unanswered, not every reply ever sent. Per booking; undefined while the device's copy is read.
 */
export function useNewReplies(owner: string): ReadonlyMap<string, number> | undefined {
  const marks = useSyncExternalStore(subscribe, () => version, () => 0);
  return useLiveQuery(async () => {
    const messages = await ownRows(owner, () => deviceDb().messages.orderBy('createdAt').toArray());
    return messages && newReplies(messages, seenAt);
  }, [marks, owner]);
}

/**
 * What to say, politely, when a booking's count of new replies goes up while My Bookings is open ("New reply about
 * House Rewiring"): the badge on its Chat button appeared silently. Nothing on the first count (the badges are
 * read with their buttons), nor when a count goes down.
 */
export function useReplyAnnouncement(bookings: readonly BookingView[] | undefined, replies: ReadonlyMap<string, number> | undefined): string {
  const [said, setSaid] = useState('');
  const before = useRef<ReadonlyMap<string, number> | null>(null);
  useEffect(() => {
    if (!replies || !bookings) return;
    const previous = before.current;
    before.current = replies;
    if (!previous) return;
    const grown = bookings.filter((booking) => (replies.get(booking.id) ?? 0) > (previous.get(booking.id) ?? 0));
    if (grown.length > 0) setSaid(grown.map((booking) => `New reply about ${serviceTypeLabel(booking.serviceType)}`).join('. '));
  }, [bookings, replies]);
  return said;
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
