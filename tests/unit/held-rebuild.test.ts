import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personSubject, type DomainEvent } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { TABLES } from '#domain/projections.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { HeldTables } from '#data/held-tables.ts';
import { rebuildInSlices } from '#data/rebuild.ts';
import { bookingRequested, quoteRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * The rebuild holds the rows events change after inserting them in memory while it replays (data/held-tables.ts),
 * writing the oldest out once it holds too many. Whatever it holds, the rebuilt tables must equal the live ones:
 * rows, values, tombstones, and the order of the rows (rowids) too.
 */
const ctx = (minute: number): CommandContext => ({
  commandId: randomUUID(),
  fingerprint: 'f',
  actor: 'admin-1',
  role: 'admin',
  now: new Date(Date.UTC(2026, 10, 22, 10, minute)),
});
const HELD = ['bookings', 'quotes', 'uploads', 'calendar_feed', 'users'];

describe('rebuild with rows held in memory', () => {
  let t: ReturnType<typeof tempStorage>;
  let minute = 0;
  const append = async (stream: string, events: DomainEvent[], subject: string | null = null): Promise<void> => {
    await t.storage.bus.execute(ctx(minute++), (uow) =>
      uow.store.append(stream, events, uow.metadata, { expectedVersion: uow.store.streamVersion(stream), subject }),
    );
  };

  /** Bookings changed soon and long after their request, owners moved, quotes deleted, uploads discarded, the feed rotated. */
  async function busyLog(): Promise<void> {
    const bookings = Array.from({ length: 12 }, () => randomUUID());
    const quotes = Array.from({ length: 6 }, () => randomUUID());
    for (const [i, id] of bookings.entries()) {
      const email = `p${i % 4}@example.com`;
      await append(
        `upload-f${i}`,
        [{ type: 'FileUploaded', data: { filename: `f${i}`, originalname: `photo${i}.jpg`, size: 100 + i, mimeType: 'image/jpeg', uploaderId: 'u1' } }],
        `stream:upload-f${i}`,
      );
      await append(
        `booking-${id}`,
        [
          bookingRequested({
            bookingId: id,
            email,
            firstName: `Person${i}`,
            attachments: i % 3 === 0 ? [{ filename: `f${i}`, originalname: `photo${i}.jpg`, size: 100 + i }] : [],
          }),
        ],
        personSubject(email, `booking-${id}`),
      );
      await append(`quote-${quotes[i % 6]}-${i}`, [quoteRequested({ quoteId: `${quotes[i % 6]}-${i}`, email })], personSubject(email, 'q'));
      await append(`booking-${id}`, [{ type: 'BookingStatusChanged', data: { bookingId: id, from: 'pending', to: 'confirmed' } }]);
      if (i % 4 === 1) await append(`calendar-feed`, [{ type: 'CalendarFeedTokenRotated', data: { tokenHash: `hash${i}` } }]);
      await append(
        `chat-${id}`,
        [
          {
            type: 'MessagePosted',
            data: { messageId: randomUUID(), bookingId: id, senderId: null, senderName: `Person${i}`, content: 'Hello', attachments: [], isFromAdmin: false },
          },
        ],
        personSubject(email, 'c'),
      );
    }
    // Long after: the first bookings change again (their rows may have been written out by then).
    for (const [i, id] of bookings.entries()) {
      if (i % 2 === 0) await append(`booking-${id}`, [{ type: 'BookingStatusChanged', data: { bookingId: id, from: 'confirmed', to: 'completed' } }]);
      if (i % 5 === 0) {
        const email = `moved${i}@example.com`;
        await append(
          `booking-${id}`,
          [{ type: 'BookingDetailsChanged', data: { bookingId: id, email, phone: '01632 960123' } }],
          personSubject(email, `booking-${id}`),
        );
      }
    }
    for (const [i, quote] of quotes.entries()) {
      const id = `${quote}-${i}`;
      if (i % 2 === 0)
        await append(
          `quote-${id}`,
          [{ type: 'QuoteRevised', data: { quoteId: id, notes: `note ${i}`, priority: 'high' } }],
          personSubject(`p${i % 4}@example.com`, 'q'),
        );
      if (i % 3 === 0) await append(`quote-${id}`, [{ type: 'QuoteDeleted', data: { quoteId: id } }]);
    }
    for (let i = 0; i < 12; i += 2) await append(`upload-f${i}`, [{ type: 'FileDiscarded', data: { filename: `f${i}`, reason: 'unattached' } }]);
  }

  const rowOrder = (): Record<string, unknown[]> =>
    Object.fromEntries(HELD.map((table) => [table, t.storage.db.prepare(`SELECT id FROM ${table} ORDER BY rowid`).pluck().all()]));

  beforeEach(() => {
    t = tempStorage();
    minute = 0;
  });
  afterEach(() => t.cleanup());

  for (const heldRows of [1, 3, 10_000]) {
    it(`gives the live rows, in the live order, holding at most ${heldRows} rows`, async () => {
      await busyLog();
      const live = t.storage.snapshot();
      const liveOrder = rowOrder();
      expect(live['bookings']).toHaveLength(12);
      expect(live['bookings_tombstones']!.length).toBeGreaterThan(0);
      expect(live['quotes_tombstones']!.length).toBeGreaterThan(0);
      expect(live['calendar_feed']).toHaveLength(1);

      await rebuildInSlices(t.storage.db, t.storage.store, { maxEvents: 7, maxMs: 1_000, pauseMs: 0, heldRows });
      const rebuilt = t.storage.snapshot();
      for (const table of TABLES) expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: live[table] });
      expect(rowOrder()).toEqual(liveOrder);
    });
  }

  it('shows an erased person as erased after the rebuild, and everyone else as before', async () => {
    await busyLog();
    const live = t.storage.snapshot()['bookings'] as Array<Record<string, unknown>>;
    await t.storage.erase('email:p1@example.com');
    const rebuilt = t.storage.snapshot()['bookings'] as Array<Record<string, unknown>>;
    expect(rebuilt).toHaveLength(live.length);
    for (const [i, row] of rebuilt.entries()) {
      const was = live[i]!;
      // p1 asked for bookings 1, 5 and 9 (booking 5 later moved to another address, which stays readable).
      if (['Person1', 'Person9'].includes(was['firstName'] as string))
        expect(row).toMatchObject({ firstName: ERASED, email: ERASED, status: was['status'], version: was['version'] });
      else if (was['firstName'] === 'Person5')
        expect(row).toMatchObject({ firstName: ERASED, email: 'moved5@example.com', phone: '01632 960123', status: was['status'] });
      else expect(row).toEqual(was);
    }
    expect(rebuilt.some((row) => row['email'] === ERASED)).toBe(true);
  });

  it('sends a change to SQLite when its row is not held, and holds an upsert only of a row SQLite does not have', () => {
    const db = t.storage.db;
    db.exec('CREATE TABLE held_probe (id TEXT PRIMARY KEY, v TEXT)');
    const held = new HeldTables(db, ['held_probe'], 2);
    const inSql = (id: string): boolean => db.prepare('SELECT 1 FROM held_probe WHERE id = ?').get(id) !== undefined;
    expect(held.apply('held_probe', { op: 'upsert', table: 'bookings', row: { id: 'a', v: '1' } }, inSql)).toBe(true);
    expect(() => held.apply('held_probe', { op: 'insert', table: 'bookings', row: { id: 'a', v: '2' } }, inSql)).toThrow(/UNIQUE/);
    expect(held.apply('held_probe', { op: 'insert', table: 'bookings', row: { id: 'b', v: '1' } }, inSql)).toBe(true);
    // A third row: the oldest (a) is written out.
    db.transaction(() => held.apply('held_probe', { op: 'insert', table: 'bookings', row: { id: 'c', v: '1' } }, inSql))();
    expect(db.prepare('SELECT id, v FROM held_probe').all()).toEqual([{ id: 'a', v: '1' }]);
    expect(held.size).toBe(2);
    expect(held.apply('held_probe', { op: 'upsert', table: 'bookings', row: { id: 'a', v: '3' } }, inSql)).toBe(false);
    expect(held.apply('held_probe', { op: 'update', table: 'bookings', id: 'a', set: { v: '4' } }, inSql)).toBe(false);
    expect(held.apply('held_probe', { op: 'delete', table: 'bookings', id: 'a' }, inSql)).toBe(false);
    expect(held.apply('held_probe', { op: 'update', table: 'bookings', id: 'b', set: { v: '5' } }, inSql)).toBe(true);
    expect(held.apply('held_probe', { op: 'delete', table: 'bookings', id: 'c' }, inSql)).toBe(true);
    expect(held.apply('held_probe', { op: 'update', table: 'quotes', id: 'b', set: { v: '6' } }, inSql)).toBe(true);
    expect(held.apply('not_held', { op: 'update', table: 'bookings', id: 'b', set: { v: '6' } }, inSql)).toBe(false);
    db.transaction(() => held.forget(held.write(100, Number.POSITIVE_INFINITY)))();
    expect(held.size).toBe(0);
    expect(db.prepare('SELECT id, v FROM held_probe ORDER BY rowid').all()).toEqual([
      { id: 'a', v: '1' },
      { id: 'b', v: '6' },
    ]);
  });
});
