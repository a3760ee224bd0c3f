import type { BookingView, QuoteView } from '#domain/views.ts';
import { openedDeviceDb } from './db.ts';
import type { DeviceDb } from './db.ts';

/** Whether data from the server is a quote as it shows one (a command's answer, or a 409's `current`). */
export function isQuote(data: unknown): data is QuoteView {
  return data !== null && typeof data === 'object' && 'id' in data && 'quoteStatus' in data && 'version' in data;
}

/** Whether the server's answer looks like a booking (a quote has no `status`). */
export function isBooking(data: unknown): data is BookingView {
  return data !== null && typeof data === 'object' && 'id' in data && 'version' in data && 'status' in data;
}

/** Puts a quote the server sent into the device's copy (when it is one, and newer: keepNewer), so the screens show it at once. */
export async function keepQuote(data: unknown): Promise<void> {
  if (isQuote(data)) await keepNewer(await openedDeviceDb(), 'quotes', data);
}

/** Puts the server's answer for a booking into the device's copy (when it looks like one, and is newer: keepNewer). */
export async function keepBooking(data: unknown): Promise<void> {
  if (isBooking(data)) await keepNewer(await openedDeviceDb(), 'bookings', data);
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
export async function keepCurrent(db: DeviceDb, current: unknown): Promise<void> {
  if (isQuote(current)) await keepNewer(db, 'quotes', current, true);
  else if (isBooking(current)) await keepNewer(db, 'bookings', current, true);
}

/**
 * A job a quote's conversion made (the answer of POST /api/quotes/{id}/convert), as it leaves the outbox: into the copy
 * though the copy never held it (it is new), and its quote marked converted, so neither the job (shown from the outbox
 * until then) nor the quote's new state waits for the next pull.
 */
export async function keepConvertedJob(db: DeviceDb, job: unknown, quoteId: string | null): Promise<void> {
  if (!isBooking(job)) return;
  await keepNewer(db, 'bookings', job);
  if (quoteId) await db.quotes.update(quoteId, { bookingId: job.id });
}

/**
 * Puts a record the server sent outside a pull (a command's answer, a refusal's `current`) into the copy, unless the
 * copy has it at the same version or a later one: a pull that came first is never undone by an older answer (the
 * version is the record's stream version, which every change of it moves on). `heldOnly`: only over a record the copy holds.
 */
async function keepNewer<T extends { id: string; version: number }>(db: DeviceDb, name: 'bookings' | 'quotes', record: T, heldOnly = false): Promise<void> {
  const table = db[name] as unknown as { get(id: string): Promise<T | undefined>; put(row: T): Promise<unknown> };
  await db.transaction('rw', db[name], async () => {
    const kept = await table.get(record.id);
    if (kept ? kept.version < record.version : !heldOnly) await table.put(record);
  });
}
