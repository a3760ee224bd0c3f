import type { BookingView, QuoteView } from '#domain/views.ts';
import { copyOwner, openedDeviceDb } from './db.ts';
import type { DeviceDb } from './db.ts';

/** Whether data from the server is a quote as it shows one (a command's answer, or a 409's `current`). */
export function isQuote(data: unknown): data is QuoteView {
  return data !== null && typeof data === 'object' && 'id' in data && 'quoteStatus' in data && 'version' in data;
}

/** Whether the server's answer looks like a booking (a quote has no `status`). */
export function isBooking(data: unknown): data is BookingView {
  return data !== null && typeof data === 'object' && 'id' in data && 'version' in data && 'status' in data;
}

/**
 * Puts a quote the server sent into `owner`'s copy on the device (when it is one, and newer: keepNewer), so the screens
 * show it at once.
 */
export async function keepQuote(data: unknown, owner: string): Promise<void> {
  if (isQuote(data)) await keepNewer(await openedDeviceDb(), 'quotes', data, owner);
}

/** Puts the server's answer for a booking into `owner`'s copy (when it looks like one, and is newer: keepNewer). */
export async function keepBooking(data: unknown, owner: string): Promise<void> {
  if (isBooking(data)) await keepNewer(await openedDeviceDb(), 'bookings', data, owner);
}

/**
 * Whether the device's copy is `owner`'s, read in the caller's transaction (which must take in `db.mirror`). Every
 * answer kept outside a pull asks it: an answer that came after its user signed out (a change made on one bar of
 * signal, then Sign out) was written into the copy the sign-out had just wiped, and left the customer's name, phone and
 * address on the device after it said it no longer held them; into the next account's copy, it showed them its
 * records. Nobody's item (owner null) keeps nothing.
 */
export async function copyIsOf(db: DeviceDb, owner: string | null): Promise<boolean> {
  return owner !== null && (await copyOwner(db)) === owner;
}

/** A message, a contact or a chat's mark the server answered with, into `owner`'s copy (copyIsOf). */
export async function keepAnswer(db: DeviceDb, table: 'chats' | 'messages' | 'contacts', record: unknown, owner: string | null): Promise<void> {
  await db.transaction('rw', [db[table], db.mirror], async () => {
    if (await copyIsOf(db, owner)) await db[table].put(record as never);
  });
}

/**
 * A job or quote as the server has it now into the device's copy at once, over the record the copy holds, when it is
 * newer: a refusal's `current` (409: changed elsewhere meanwhile), so the card shows the server's version as the refused
 * change's panel does ("On the server now"); and a queued change's answer as it leaves the outbox (kinds.ts
 * ANSWER_IS_RECORD), so the card does not go back to the record as it was before it. Not the copy's older version until
 * the next pull (which may be long coming with no signal). A record the copy no longer holds (a quote deleted elsewhere,
 * pulled away meanwhile) is not brought back. Called by the sender in its transaction (`db`), and for a command sent
 * straight away (submit.ts).
 */
export async function keepCurrent(db: DeviceDb, current: unknown, owner: string | null): Promise<void> {
  if (isQuote(current)) await keepNewer(db, 'quotes', current, owner, true);
  else if (isBooking(current)) await keepNewer(db, 'bookings', current, owner, true);
}

/**
 * A job a quote's conversion made (the answer of POST /api/quotes/{id}/convert), as it leaves the outbox: into the copy
 * though the copy never held it (it is new), and its quote marked converted, so neither the job (shown from the outbox
 * until then) nor the quote's new state waits for the next pull.
 */
export async function keepConvertedJob(db: DeviceDb, job: unknown, quoteId: string | null, owner: string | null): Promise<void> {
  if (!isBooking(job)) return;
  await db.transaction('rw', [db.bookings, db.quotes, db.mirror], async () => {
    if (!(await copyIsOf(db, owner))) return;
    await keepNewer(db, 'bookings', job, owner);
    if (quoteId) await db.quotes.update(quoteId, { bookingId: job.id });
  });
}

/**
 * Puts a record the server sent outside a pull (a command's answer, a refusal's `current`) into the copy, unless the
 * copy has it at the same version or a later one: a pull that came first is never undone by an older answer (the
 * version is the record's stream version, which every change of it moves on). `heldOnly`: only over a record the copy holds.
 */
async function keepNewer<T extends { id: string; version: number }>(db: DeviceDb, name: 'bookings' | 'quotes', record: T, owner: string | null, heldOnly = false): Promise<void> {
  const table = db[name] as unknown as { get(id: string): Promise<T | undefined>; put(row: T): Promise<unknown> };
  await db.transaction('rw', [db[name], db.mirror], async () => {
    if (!(await copyIsOf(db, owner))) return;
    const kept = await table.get(record.id);
    if (kept ? kept.version < record.version : !heldOnly) await table.put(record);
  });
}
