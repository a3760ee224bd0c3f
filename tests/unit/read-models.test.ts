import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { chatDecider } from '#domain/deciders/chat.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { personSubject, type DomainEvent } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { openDatabase } from '#data/db.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { bookingRequested, quoteRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

const ctx = (): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'customer', now: new Date('2026-11-22T10:00:00Z') });

/** Given events, appended through the real store (which projects them inline). */
async function given(storage: Storage, streams: Array<[string, DomainEvent[], string]>): Promise<void> {
  for (const [stream, events, subject] of streams) {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, events, uow.metadata, { expectedVersion: uow.store.streamVersion(stream), subject }));
  }
}

describe('read models', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('projects a booking with the seed field names and its version', async () => {
    const b = bookingRequested();
    await given(t.storage, [
      [streamId.booking(b.data.bookingId), [b, { type: 'BookingStatusChanged', data: { bookingId: b.data.bookingId, from: 'pending', to: 'in_progress' } }], 'email:ann@example.com'],
    ]);
    expect(t.storage.queries.bookings()).toEqual([
      expect.objectContaining({
        id: b.data.bookingId,
        firstName: 'Ann',
        email: 'ann@example.com',
        status: 'in_progress',
        attachments: null,
        isManualBooking: false,
        createdAt: '2026-11-22T10:00:00.000Z',
        version: 2,
      }),
    ]);
  });

  it('projects quotes with the seed defaults and removes deleted ones from the list', async () => {
    const q = quoteRequested();
    const s = streamId.quote(q.data.quoteId);
    await given(t.storage, [[s, [q, { type: 'QuoteRevised', data: { quoteId: q.data.quoteId, estimatedCost: '450.00', quoteStatus: 'quoted' } }], 'email:bob@example.com']]);
    expect(t.storage.queries.quote(q.data.quoteId)).toMatchObject({ quoteStatus: 'quoted', priority: 'medium', estimatedCost: '450.00', version: 2 });
    await given(t.storage, [[s, [{ type: 'QuoteDeleted', data: { quoteId: q.data.quoteId } }], 'email:bob@example.com']]);
    expect(t.storage.queries.quotes()).toEqual([]);
    expect(t.storage.store.readStream(s)).toHaveLength(3);
  });

  it('rebuilds every table identically from the events', async () => {
    for (let i = 0; i < 5; i++) {
      const input = CreateBookingSchema.parse({ firstName: `P${i}`, email: `p${i % 3}@example.com`, serviceType: 'rewiring', ...(i % 2 ? { startDate: '2026-12-01', finishDate: '2026-12-03' } : {}) });
      await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, input, null));
    }
    const booking = t.storage.queries.bookings()[0]!;
    await t.storage.bus.execute(ctx(), (uow) => {
      uow.handle(streamId.booking(booking.id), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: booking.id, status: 'completed' } });
      uow.handle(streamId.chat(booking.id), chatDecider, {
        type: 'PostMessage',
        data: { messageId: randomUUID(), bookingId: booking.id, senderId: null, senderName: 'Team', content: 'On our way', attachments: [], isFromAdmin: true },
      }, { subject: personSubject(booking.email, streamId.booking(booking.id)) });
    });
    const live = t.storage.snapshot();
    expect(live['contacts']).toHaveLength(3);
    const { events } = await t.storage.rebuild();
    expect(events).toBe(t.storage.store.readAll(0, 1000).length);
    expect(t.storage.snapshot()).toEqual(live);
    expect(t.reopen().snapshot()).toEqual(live);
  });

  it('erases a person: their fields read as erased after a rebuild, their bookings and history remain', async () => {
    const ann = CreateBookingSchema.parse({ firstName: 'Ann', lastName: 'Smith', email: 'ann@example.com', phone: '01632 960001', address: '1 Road', serviceType: 'rewiring', startDate: '2026-12-01', finishDate: '2026-12-01' });
    const bob = CreateBookingSchema.parse({ firstName: 'Bob', email: 'bob@example.com', serviceType: 'rewiring' });
    const { result } = await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, ann, null));
    await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, bob, null));
    await t.storage.bus.execute(ctx(), (uow) =>
      uow.handle(streamId.booking(result.id), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: result.id, status: 'completed' } }),
    );

    const { keysDeleted } = await t.storage.erase(personSubject('ann@example.com', ''));
    expect(keysDeleted).toBe(1);

    const booking = t.storage.queries.booking(result.id)!;
    expect(booking).toMatchObject({ firstName: ERASED, lastName: ERASED, email: ERASED, phone: ERASED, address: ERASED, status: 'completed', serviceType: 'rewiring', startDate: '2026-12-01' });
    expect(t.storage.queries.bookings()).toHaveLength(1);
    expect(t.storage.store.readStream(streamId.booking(result.id)).map((e) => e.type)).toEqual(['BookingRequested', 'BookingStatusChanged']);
    const contacts = t.storage.queries.contacts();
    expect(contacts.map((c) => c.email).sort()).toEqual([ERASED, 'bob@example.com']);
    expect(t.storage.queries.quotes()[0]).toMatchObject({ firstName: 'Bob', email: 'bob@example.com' });
    // And it stays erased through another rebuild and a restart.
    expect(t.reopen().queries.booking(result.id)?.firstName).toBe(ERASED);
  });

  it('replays an old (v1) event through its upcaster', async () => {
    const { source: _s, quoteId: _q, isManualBooking: _m, preferredTime: _p, ...v1 } = bookingRequested().data;
    const raw = t.storage.vault.seal('BookingRequested', { ...v1, isManualBooking: true }, 'email:ann@example.com');
    t.storage.db
      .prepare(`INSERT INTO events (stream_id, stream_position, type, type_version, data, metadata, command_id, created) VALUES (?, 1, 'BookingRequested', 1, ?, ?, 'c1', ?)`)
      .run(streamId.booking(v1.bookingId), JSON.stringify(raw), JSON.stringify({ time: '2025-01-01T00:00:00.000Z', commandId: 'c1', actor: null, role: 'admin' }), '2025-01-01T00:00:00.000Z');
    await t.storage.rebuild();
    expect(t.storage.queries.booking(v1.bookingId)).toMatchObject({ source: 'admin', isManualBooking: true, quoteId: null, preferredTime: '09:00', firstName: 'Ann' });
  });

  it('rebuilds a read model by itself when its shape or version changed, and only that one', async () => {
    await given(t.storage, [[streamId.quote('q1'), [quoteRequested({ quoteId: 'q1' })], 'email:bob@example.com']]);
    t.storage.db.prepare(`UPDATE meta SET value = 'old-shape' WHERE name = 'read_model:quotes'`).run();
    t.storage.db.exec('DELETE FROM quotes');
    // A row the log does not hold: it survives only if the contacts model is left alone.
    t.storage.db.prepare(`INSERT INTO contacts (id, firstName, details, source, createdAt, position) VALUES ('marker', 'Left', 'alone', 'form', '2026-01-01', 0)`).run();

    const reopened = t.reopen();

    expect(reopened.queries.quote('q1')?.firstName).toBe('Bob');
    expect(reopened.queries.contact('marker')?.firstName).toBe('Left');
  });

  it('refills a model whose rebuild at start never ended (the process killed first): not left empty as if built', async () => {
    await given(t.storage, [[streamId.quote('q2'), [quoteRequested({ quoteId: 'q2' })], 'email:bob@example.com']]);
    t.storage.db.prepare(`UPDATE meta SET value = 'old-shape' WHERE name = 'read_model:quotes'`).run();
    t.storage.close();
    // A start that opens the database and dies before the rebuild's swap.
    const { db, readModelsStale } = openDatabase(t.file);
    expect(readModelsStale).toEqual(['quotes']);
    db.close();

    const reopened = t.reopen();

    expect(reopened.queries.quote('q2')?.firstName).toBe('Bob');
  });

  it('says when it rebuilds at opening, and how long it took: the server says nothing else meanwhile', async () => {
    await given(t.storage, [[streamId.quote('q3'), [quoteRequested({ quoteId: 'q3' })], 'email:bob@example.com']]);
    t.storage.db.prepare(`UPDATE meta SET value = 'old-shape' WHERE name = 'read_model:quotes'`).run();
    t.storage.close();
    const news: unknown[] = [];

    openStorage(t.file, { onStartRebuild: (heard) => news.push(heard) }).close();

    expect(news).toEqual([{ models: ['quotes'] }, { models: ['quotes'], events: 1, ms: expect.any(Number) }]);
  });

  it('keeps when the customer answered a quote through its conversion, and forgets the answer once it is re-quoted', async () => {
    const q = quoteRequested({ quoteId: 'q3' });
    const s = streamId.quote('q3');
    const at = async (iso: string, events: DomainEvent[]) =>
      t.storage.bus.execute({ ...ctx(), now: new Date(iso) }, (uow) => uow.store.append(s, events, uow.metadata, { expectedVersion: uow.store.streamVersion(s), subject: 'email:bob@example.com' }));
    await at('2026-11-28T00:50:00Z', [q, { type: 'QuoteRevised', data: { quoteId: 'q3', estimatedCost: '300.00', quoteStatus: 'quoted' } }]);
    expect(t.storage.queries.quote('q3')?.answeredAt).toBeNull();
    await at('2026-11-28T01:12:00Z', [{ type: 'QuoteAnswered', data: { quoteId: 'q3', quoteStatus: 'approved' } }]);
    await at('2026-11-28T01:17:00Z', [{ type: 'QuoteConverted', data: { quoteId: 'q3', bookingId: 'b3' } }]);
    expect(t.storage.queries.quote('q3')).toMatchObject({ quoteStatus: 'approved', answeredAt: '2026-11-28T01:12:00.000Z', updatedAt: '2026-11-28T01:17:00.000Z', bookingId: 'b3' });
    // The admin's edit that keeps the status keeps the answer; a new price (back to quoted) clears it.
    await at('2026-11-28T01:20:00Z', [{ type: 'QuoteRevised', data: { quoteId: 'q3', notes: 'Bring the long ladder', quoteStatus: 'approved' } }]);
    expect(t.storage.queries.quote('q3')?.answeredAt).toBe('2026-11-28T01:12:00.000Z');
    await at('2026-11-28T01:30:00Z', [{ type: 'QuoteRevised', data: { quoteId: 'q3', estimatedCost: '350.00', quoteStatus: 'quoted' } }]);
    expect(t.storage.queries.quote('q3')?.answeredAt).toBeNull();
    // Withdrawn (the customer deleted their account): declined, from that moment.
    await at('2026-11-28T01:40:00Z', [{ type: 'QuoteWithdrawn', data: { quoteId: 'q3' } }]);
    expect(t.storage.queries.quote('q3')).toMatchObject({ quoteStatus: 'rejected', answeredAt: '2026-11-28T01:40:00.000Z' });
  });

  it('keeps quoteDecider and the quotes table in step', async () => {
    const q = quoteRequested({ quoteId: 'q2' });
    await t.storage.bus.execute(ctx(), (uow) => uow.handle(streamId.quote('q2'), quoteDecider, { type: 'RequestQuote', data: q.data }, { subject: 'email:bob@example.com' }));
    await t.storage.bus.execute(ctx(), (uow) => uow.handle(streamId.quote('q2'), quoteDecider, { type: 'ConvertQuote', data: { bookingId: 'b9' } }));
    expect(t.storage.queries.quote('q2')?.bookingId).toBe('b9');
  });
});

describe('erasure by another process (npm run erase while the server runs)', () => {
  it("reaches the server's cached keys: its reads of the log show the fields erased within a moment", async () => {
    const t = tempStorage();
    try {
      const ann = CreateBookingSchema.parse({ firstName: 'Ann', email: 'ann.other@example.com', serviceType: 'rewiring', startDate: '2026-12-01', finishDate: '2026-12-01' });
      const { result } = await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, ann, null));
      const read = () => (t.storage.store.readStream(streamId.booking(result.id))[0]!.data as { firstName: string }).firstName;
      expect(read()).toBe('Ann');
      const cli = openStorage(t.file);
      try {
        await cli.erase(personSubject('ann.other@example.com', ''));
      } finally {
        cli.close();
      }

      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(read()).toBe(ERASED);
    } finally {
      t.cleanup();
    }
  });
});
