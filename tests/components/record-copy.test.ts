import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '#domain/views.ts';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { wipeMirror } from '../../pwa/offline/mirror.ts';
import { keepAnswer, keepBooking, keepConvertedJob, keepCurrent, keepMade, keepQuote } from '../../pwa/offline/record-copy.ts';
import { aJob } from './a-job.ts';

const db = await openedDeviceDb();

const OWNER = 'admin-1';

beforeEach(async () => {
  await Promise.all([db.bookings.clear(), db.quotes.clear(), db.messages.clear()]);
  // The copy is the signed-in admin's (a pull made it).
  await db.mirror.put({ key: 'owner', owner: OWNER });
});

// A record the server sends outside a pull (a refusal's `current`, a command's answer) goes into the device's copy at
// once, so a card never shows an older version than its panel; but only when newer, so it never undoes a pull.
describe("a record the server sent, kept in the device's copy", () => {
  it('a refusal’s current replaces the older version the copy holds', async () => {
    const job = aJob({ version: 2 });
    await db.bookings.put(job);
    await keepCurrent(db, { ...job, status: 'cancelled', version: 3 }, OWNER);
    expect(await db.bookings.get(job.id)).toMatchObject({ status: 'cancelled', version: 3 });
  });

  it('never undoes a newer pull: an answer of the same or an older version leaves the copy as it is', async () => {
    const job = aJob({ status: 'completed', version: 5 });
    await db.bookings.put(job);
    await keepCurrent(db, { ...job, status: 'in_progress', version: 4 }, OWNER);
    await keepBooking({ ...job, status: 'confirmed', version: 5 }, OWNER);
    await keepBooking({ ...job, status: 'confirmed', version: 3 }, OWNER);
    expect(await db.bookings.get(job.id)).toEqual(job);
  });

  it('does not bring back a record the copy no longer holds, while a command’s answer for a new one goes in', async () => {
    const gone = aJob({ version: 4 });
    await keepCurrent(db, gone, OWNER);
    expect(await db.bookings.get(gone.id)).toBeUndefined();
    // Nor by a change's answer read after a pull took it away (deleted, moved to another customer).
    await keepBooking(gone, OWNER);
    expect(await db.bookings.get(gone.id)).toBeUndefined();
    const made = aJob({ status: 'confirmed' });
    await keepMade(db, { kind: 'booking', booking: made }, OWNER);
    expect(await db.bookings.get(made.id)).toEqual(made);
  });

  it('tells a quote from a job by its shape, and keeps each in its own table', async () => {
    const quote = { id: 'quote-1', quoteStatus: 'quoted', estimatedCost: '450', version: 2 } as QuoteView;
    await db.quotes.put(quote);
    await keepCurrent(db, { ...quote, estimatedCost: '520', version: 3 }, OWNER);
    expect(await db.quotes.get(quote.id)).toMatchObject({ estimatedCost: '520', version: 3 });
    expect(await db.bookings.count()).toBe(0);
  });

  it('keeps nothing once the copy is wiped (an answer that came after its sign-out), nor in another account’s copy', async () => {
    const job = aJob({ status: 'confirmed' });
    const quote = { id: 'quote-2', quoteStatus: 'quoted', estimatedCost: '450', version: 2 } as QuoteView;
    const message = { id: 'message-1', bookingId: job.id, content: 'On our way', createdAt: '2026-11-30T09:00:00.000Z' };
    await wipeMirror();
    await keepBooking(job, OWNER);
    await keepQuote(quote, OWNER);
    await keepConvertedJob(db, job, quote.id, OWNER);
    await keepAnswer(db, 'messages', message, OWNER);
    expect([await db.bookings.count(), await db.quotes.count(), await db.messages.count()]).toEqual([0, 0, 0]);

    // Someone else signed in and pulled: the late answer is not theirs to see.
    await db.mirror.put({ key: 'owner', owner: 'customer-9' });
    await keepBooking(job, OWNER);
    await keepAnswer(db, 'messages', message, OWNER);
    await keepAnswer(db, 'messages', message, null);
    expect([await db.bookings.count(), await db.messages.count()]).toEqual([0, 0]);
    // Theirs goes in, while their copy holds its job.
    await keepAnswer(db, 'messages', message, 'customer-9');
    expect(await db.messages.count()).toBe(0);
    await db.bookings.put(job);
    await keepAnswer(db, 'messages', message, 'customer-9');
    expect(await db.messages.count()).toBe(1);
  });
});
