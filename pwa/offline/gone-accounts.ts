import { copyOwner } from './db.ts';
import type { DeviceDb, OutboxItem } from './db.ts';

/** What the form of an item dropped this way hears (our own copy). */
export const ACCOUNT_GONE = 'Your account has been deleted, so this cannot be sent.';

/**
 * Takes out of the outbox the items of accounts that no longer exist, and returns what is left and what was dropped.
 * An account deleted on another device (or erased by the business) can never sign in here again: its items, held for
 * their owner's sign-in (sender.ts), would wait for ever, counted in "Waiting to send" and shown to nobody. So, when
 * items of an account other than the one signed in (`account`; null: nobody) are in the outbox, the server is asked
 * which of those accounts are gone (GET /api/auth/gone), once a drain; theirs are deleted, with the device's copy of
 * their records if it is theirs. No answer: nothing is dropped, and they are asked about again next time.
 */
export async function dropForGoneAccounts(db: DeviceDb, all: OutboxItem[], account: string | null): Promise<{ left: OutboxItem[]; dropped: OutboxItem[] }> {
  const owners = [...new Set(all.flatMap((item) => (item.owner !== null && item.owner !== account ? [item.owner] : [])))].slice(0, 20);
  if (owners.length === 0) return { left: all, dropped: [] };
  // No answer: nothing is dropped.
  const gone = (await askGone(owners, AbortSignal.timeout(30_000))) ?? new Set<string>();
  if (gone.size === 0) return { left: all, dropped: [] };
  const dropped = all.filter((item) => item.owner !== null && gone.has(item.owner));
  const copies = [db.bookings, db.quotes, db.contacts, db.messages, db.chats];
  await db.transaction('rw', [db.outbox, db.mirror, ...copies], async () => {
    await db.outbox.bulkDelete(dropped.map((item) => item.seq!));
    const owner = await copyOwner(db);
    if (owner !== null && gone.has(owner)) await Promise.all([...copies.map((table) => table.clear()), db.mirror.clear()]);
  });
  return { left: all.filter((item) => !dropped.includes(item)), dropped };
}

/**
 * The accounts among `ids` the server says are gone (GET /api/auth/gone, which answers for any id and tells nothing of
 * anyone else); null when it gives no answer (none, an error, or `signal` gave up). Also asked by My Account after a
 * deletion whose answer was lost (portal/unconfirmed.ts).
 */
export async function askGone(ids: readonly string[], signal: AbortSignal): Promise<Set<string> | null> {
  try {
    const response = await fetch(`/api/auth/gone?ids=${ids.map(encodeURIComponent).join(',')}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) return null;
    const gone = ((await response.json()) as { gone?: unknown } | null)?.gone;
    return Array.isArray(gone) ? new Set(gone.filter((id): id is string => typeof id === 'string' && ids.includes(id))) : null;
  } catch {
    return null;
  }
}
