import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '#domain/views.ts';
import { openedDeviceDb } from '../../pwa/offline/db.ts';
import { keepBooking, keepCurrent } from '../../pwa/offline/record-copy.ts';
import { aJob } from './a-job.ts';

const db = await openedDeviceDb();

beforeEach(async () => {
  await Promise.all([db.bookings.clear(), db.quotes.clear()]);
});

// A record the server sends outside a pull (a refusal's `current`, a command's answer) goes into the device's copy at
// once, so a card never shows an older version than its panel; but only when newer, so it never undoes a pull.
describe("a record the server sent, kept in the device's copy", () => {
  it('a refusal’s current replaces the older version the copy holds', async () => {
    const job = aJob({ version: 2 });
    await db.bookings.put(job);
    await keepCurrent(db, { ...job, status: 'cancelled', version: 3 });
    expect(await db.bookings.get(job.id)).toMatchObject({ status: 'cancelled', version: 3 });
  });

  it('never undoes a newer pull: an answer of the same or an older version leaves the copy as it is', async () => {
    const job = aJob({ status: 'completed', version: 5 });
    await db.bookings.put(job);
    await keepCurrent(db, { ...job, status: 'in_progress', version: 4 });
    await keepBooking({ ...job, status: 'confirmed', version: 5 });
    await keepBooking({ ...job, status: 'confirmed', version: 3 });
    expect(await db.bookings.get(job.id)).toEqual(job);
  });

  it('does not bring back a record the copy no longer holds, while a command’s answer for a new one goes in', async () => {
    const gone = aJob({ version: 4 });
    await keepCurrent(db, gone);
    expect(await db.bookings.get(gone.id)).toBeUndefined();
    const made = aJob({ status: 'confirmed' });
    await keepBooking(made);
    expect(await db.bookings.get(made.id)).toEqual(made);
  });

  it('tells a quote from a job by its shape, and keeps each in its own table', async () => {
    const quote = { id: 'quote-1', quoteStatus: 'quoted', estimatedCost: '450', version: 2 } as QuoteView;
    await db.quotes.put(quote);
    await keepCurrent(db, { ...quote, estimatedCost: '520', version: 3 });
    expect(await db.quotes.get(quote.id)).toMatchObject({ estimatedCost: '520', version: 3 });
    expect(await db.bookings.count()).toBe(0);
  });
});
