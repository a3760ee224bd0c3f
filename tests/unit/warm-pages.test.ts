import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '#data/command-bus.ts';
import { warmPages } from '#data/warm-pages.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { tempStorage } from './store.ts';

/**
 * The rebuild's warm-up (data/warm-pages.ts): a thread reads the pages the swap's DROP TABLE will read, so they are
 * in memory when the swap holds the lock. Best effort: whatever goes wrong, it answers 0 and the swap goes ahead.
 */
const ctx = (): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'anonymous', now: new Date('2026-11-25T09:00:00Z') });
const quote = (i: number) =>
  CreateBookingSchema.parse({ firstName: `Person${i}`, email: `p${i}@example.com`, serviceType: 'rewiring', description: `job ${i} `.repeat(40) });

describe('warmPages', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(async () => {
    t = tempStorage();
    for (let i = 0; i < 60; i++) await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null));
  });
  afterEach(() => t.cleanup());

  /** Pages of these b-trees, as SQLite counts them. */
  const pagesOf = (names: string[]): number =>
    names.reduce((sum, name) => sum + (t.storage.db.prepare('SELECT COUNT(*) FROM dbstat WHERE name = ?').pluck().get(name) as number), 0);

  it('reads every page of the b-trees it is given, and only those', async () => {
    const quotes = t.storage.db.prepare(`SELECT name FROM sqlite_master WHERE tbl_name = 'quotes'`).pluck().all() as string[];
    expect(quotes).toEqual(expect.arrayContaining(['quotes', 'quotes_email']));
    const expected = pagesOf(quotes);
    expect(expected).toBeGreaterThan(quotes.length);
    expect(await warmPages(t.file, quotes)).toBe(expected);
    expect(await warmPages(t.file, ['contacts'])).toBe(pagesOf(['contacts']));
  });

  it('answers 0, and throws nothing, when it cannot read or runs out of time', async () => {
    expect(await warmPages(`${t.file}.missing`, ['quotes'])).toBe(0);
    expect(await warmPages(t.file, ['quotes'], 0)).toBe(0);
  });

  it('is what a rebuild in slices does before its catch-up and swap, with the live tables it drops', async () => {
    const live = t.storage.db.prepare(`SELECT name FROM sqlite_master WHERE tbl_name IN ('bookings', 'quotes', 'contacts', 'messages', 'users')`).pluck().all() as string[];
    const { warmedPages } = await t.storage.rebuild();
    // The read models have more tables (tombstones, uploads …): at least these five and their indexes were read.
    expect(warmedPages).toBeGreaterThanOrEqual(pagesOf(live));
    expect(warmedPages).toBeGreaterThan(0);
  });
});
