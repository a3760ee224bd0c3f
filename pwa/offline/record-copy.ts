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
 * Puts a quote the server sent into `owner`'s copy on the device (when it is one, the copy holds it, and it is newer:
 * keepNewer), so the screens show it at once. One the copy no longer holds (deleted elsewhere, and a pull took it away
 * before this answer was read) is not brought back: no later pull would have taken it away again.
 */
export async function keepQuote(data: unknown, owner: string): Promise<void> {
  if (isQuote(data)) await keepNewer(await openedDeviceDb(), 'quotes', data, owner, true);
}

/** Puts the server's answer for a booking into `owner`'s copy (when it looks like one, is held, and is newer: as keepQuote). */
export async function keepBooking(data: unknown, owner: string): Promise<void> {
  if (isBooking(data)) await keepNewer(await openedDeviceDb(), 'bookings', data, owner, true);
}

/**
 * A booking or quote just made (the answer of POST /api/bookings: `{ booking }` or `{ quote }`) into `owner`'s copy,
 * though the copy never held it (it is new): sent from the outbox, it left the outbox and was in no list (the day's jobs,
 * the calendar, My Quotes) until a pull came through, which with the signal gone again could be long.
 */
export async function keepMade(db: DeviceDb, answer: unknown, owner: string | null): Promise<void> {
  const { booking, quote } = (answer ?? {}) as { booking?: unknown; quote?: unknown };
  if (isBooking(booking)) await keepNewer(db, 'bookings', booking, owner);
  else if (isQuote(quote)) await keepNewer(db, 'quotes', quote, owner);
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

/**
 * A message, a contact or a chat's mark the server answered with, into `owner`'s copy (copyIsOf), when the copy still
 * holds what it belongs to (the message's or mark's job, the contact): one read after a pull took that away (the job
 * moved to another customer, the contact erased) was left there for good, no later pull removing it.
 */
export async function keepAnswer(db: DeviceDb, table: 'chats' | 'messages' | 'contacts', record: unknown, owner: string | null): Promise<void> {
  const row = record as { id: string; bookingId?: string };
  await db.transaction('rw', [db[table], db.bookings, db.contacts, db.mirror], async () => {
    if (!(await copyIsOf(db, owner))) return;
    const home = table === 'contacts' ? await db.contacts.get(row.id) : await db.bookings.get(table === 'messages' ? (row.bookingId ?? '') : row.id);
    if (home) await db[table].put(record as never);
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
