import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ConflictError } from '#domain/errors.ts';
import { IdempotencyKeyReusedError } from '#data/command-bus.ts';
import { isPositionTaken } from '#data/event-store.ts';
import type { Storage } from '#data/storage.ts';
import { bookingRequested, bookingId } from './fixtures.ts';
import { adminCtx as ctx } from './bus-fixtures.ts';
import { tempStorage } from './store.ts';

const stream = streamId.booking(bookingId);
const subject = 'email:ann@example.com';

describe('event store', () => {
  let t: ReturnType<typeof tempStorage>;
  let storage: Storage;
  beforeEach(() => {
    t = tempStorage();
    storage = t.storage;
  });
  afterEach(() => t.cleanup());

  it('is durable: WAL with synchronous=FULL', () => {
    expect(storage.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(storage.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('appends with versions and metadata, readable by stream and by global position', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0, subject }));
    await storage.bus.execute(ctx(), (uow) =>
      uow.store.append(stream, [{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } }], uow.metadata, { expectedVersion: 1 }),
    );
    const events = storage.store.readStream(stream);
    expect(events.map((e) => [e.type, e.streamPosition])).toEqual([
      ['BookingRequested', 1],
      ['BookingStatusChanged', 2],
    ]);
    expect(events[0]!.metadata).toMatchObject({ actor: 'admin-1', role: 'admin', time: '2026-11-22T10:00:00.000Z' });
    expect(events[0]!.data).toEqual(bookingRequested().data);
    expect(storage.store.readAll(1, 10).map((e) => e.globalPosition)).toEqual([2]);
    expect(storage.queries.booking(bookingId)).toMatchObject({ status: 'confirmed', version: 2, firstName: 'Ann' });
  });

  it('refuses a stale expected version and appends nothing', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0, subject }));
    const stale = storage.bus.execute(ctx(), (uow) =>
      uow.store.append(stream, [{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } }], uow.metadata, { expectedVersion: 0 }),
    );
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    await expect(stale).rejects.toMatchObject({
      code: 'version_conflict',
      message: 'This record was changed by someone else meanwhile',
      details: { streamId: stream, expectedVersion: 0, actualVersion: 1 },
    });
    expect(storage.store.streamVersion(stream)).toBe(1);
    expect(storage.queries.booking(bookingId)?.status).toBe('pending');
  });

  it('reports a conflict when the caller read an older version of the booking', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.handle(stream, bookingDecider, { type: 'RequestBooking', data: bookingRequested().data }, { subject }));
    await storage.bus.execute(ctx(), (uow) => uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } }));
    const offlineEdit = storage.bus.execute(ctx(), (uow) =>
      uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId, status: 'cancelled' } }, { expectedVersion: 1 }),
    );
    await expect(offlineEdit).rejects.toMatchObject({ code: 'version_conflict', details: { currentVersion: 2 } });
  });

  it('reads the version before an append the caller did not read (verified), so one at a version the stream has not reached is refused', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0, subject }));
    const confirmed = [{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } }] as const;
    const ahead = storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [...confirmed], uow.metadata, { expectedVersion: 3 }));
    await expect(ahead).rejects.toMatchObject({ code: 'version_conflict', details: { streamId: stream, expectedVersion: 3, actualVersion: 1 } });
    expect(storage.store.streamVersion(stream)).toBe(1);
  });

  it('refuses a position already taken even when the caller says it read the stream (verified)', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.handle(stream, bookingDecider, { type: 'RequestBooking', data: bookingRequested().data }, { subject }));
    await storage.bus.execute(ctx(), (uow) => uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } }));
    const stale = storage.bus.execute(ctx(), (uow) =>
      uow.store.append(stream, [{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'cancelled' } }], uow.metadata, {
        expectedVersion: 1,
        verified: true,
      }),
    );
    await expect(stale).rejects.toMatchObject({ code: 'version_conflict', details: { streamId: stream, expectedVersion: 1, actualVersion: 2 } });
    expect(storage.queries.booking(bookingId)?.status).toBe('confirmed');
  });

  it('tells a position already taken from every other failure', () => {
    const failure = (sql: string): unknown => {
      try {
        storage.db.exec(sql);
      } catch (error) {
        return error;
      }
      throw new Error('expected a failure');
    };
    storage.db.exec(`INSERT INTO events (stream_id, stream_position, type, type_version, data, metadata, command_id, created) VALUES ('s', 1, 'T', 1, '{}', '{}', 'c1', 't')`);
    const taken = failure(`INSERT INTO events (stream_id, stream_position, type, type_version, data, metadata, command_id, created) VALUES ('s', 1, 'T', 1, '{}', '{}', 'c2', 't')`);
    expect(isPositionTaken(taken)).toBe(true);

    storage.db.exec(`INSERT INTO person_keys (key_id, subject_hash, key, created) VALUES ('k1', 'h', x'00', 't')`);
    const otherUnique = failure(`INSERT INTO person_keys (key_id, subject_hash, key, created) VALUES ('k2', 'h', x'00', 't')`);
    expect(otherUnique).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(isPositionTaken(otherUnique)).toBe(false);
    expect(isPositionTaken({ code: 'SQLITE_CONSTRAINT_NOTNULL', message: 'NOT NULL constraint failed: events.stream_id' })).toBe(false);
    expect(isPositionTaken({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(false);
    expect(isPositionTaken({ message: 'UNIQUE constraint failed: events.stream_id, events.stream_position' })).toBe(false);
    for (const notAnError of [null, undefined, 'UNIQUE constraint failed: events.stream_id', 42]) expect(isPositionTaken(notAnError)).toBe(false);
  });

  it('refuses to append outside a transaction, where a crash could leave events without their read models', () => {
    const metadata = { time: '2026-11-22T10:00:00.000Z', commandId: randomUUID(), actor: null, role: 'system' } as const;
    expect(() => storage.store.append(stream, [bookingRequested()], metadata, { expectedVersion: 0, subject })).toThrow(
      'EventStore.append must run inside a transaction',
    );
    expect(storage.store.lastPosition()).toBe(0);
  });

  it('never updates or deletes an event row', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0, subject }));
    expect(() => storage.db.prepare(`UPDATE events SET type = 'X'`).run()).toThrow(/append-only/);
    expect(() => storage.db.prepare('DELETE FROM events').run()).toThrow(/append-only/);
  });

  it('stores personal fields encrypted, never in the clear', async () => {
    await storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0, subject }));
    const raw = storage.db.prepare('SELECT data FROM events').pluck().get() as string;
    expect(raw).not.toContain('ann@example.com');
    // Quoted: the base64 of the sealed blob may hold the letters "Ann" by chance, never a JSON string.
    expect(raw).not.toContain('"Ann"');
    expect(raw).not.toContain('Example Road');
    expect(raw).toContain('electrical_repair');
    expect(JSON.parse(raw)._sealed.f).toEqual(['firstName', 'lastName', 'email', 'phone', 'address', 'description']);
  });

  it('refuses personal fields without a subject to seal them for', async () => {
    const write = storage.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested()], uow.metadata, { expectedVersion: 0 }));
    await expect(write).rejects.toThrow(/no subject/);
    expect(storage.store.readAll(0, 10)).toEqual([]);
  });
});

describe('command bus', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  const request = (uow: Parameters<Parameters<Storage['bus']['execute']>[1]>[0], id: string) => {
    const s = streamId.booking(id);
    uow.handle(s, bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { subject });
    return { id };
  };

  it('runs a repeated command id once, also when the repeats arrive together', async () => {
    const key = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => t.storage.bus.execute(ctx(key), (uow) => request(uow, randomUUID()))));
    const ids = new Set(outcomes.map((o) => o.result.id));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(t.storage.queries.bookings()).toHaveLength(1);
    const later = await t.storage.bus.execute(ctx(key), (uow) => request(uow, randomUUID()));
    expect(later).toEqual({ result: outcomes[0]!.result, replayed: true });
    expect(t.storage.store.readAll(0, 100)).toHaveLength(1);
  });

  it('refuses a known command id sent with a different request', async () => {
    const key = randomUUID();
    await t.storage.bus.execute(ctx(key, 'first'), (uow) => request(uow, randomUUID()));
    await expect(t.storage.bus.execute(ctx(key, 'second'), (uow) => request(uow, randomUUID()))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(t.storage.queries.bookings()).toHaveLength(1);
  });

  it('commits a batch together, yet rolls a failing command back alone', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const failing = t.storage.bus.execute(ctx(randomUUID()), (uow) => {
      request(uow, randomUUID());
      throw new Error('boom after appending');
    });
    const ok = Promise.all(ids.map((id) => t.storage.bus.execute(ctx(randomUUID()), (uow) => request(uow, id))));
    await expect(failing).rejects.toThrow('boom');
    await ok;
    expect(
      t.storage.queries
        .bookings()
        .map((b) => b.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(t.storage.store.readAll(0, 100)).toHaveLength(3);
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM commands').pluck().get()).toBe(3);
  });

  it('does not remember a failed command, so a corrected retry can still succeed', async () => {
    const key = randomUUID();
    await expect(
      t.storage.bus.execute(ctx(key), () => {
        throw new Error('rejected');
      }),
    ).rejects.toThrow('rejected');
    const retry = await t.storage.bus.execute(ctx(key), (uow) => request(uow, bookingId));
    expect(retry.replayed).toBe(false);
  });

  it('keeps acknowledged writes across a reopen', async () => {
    await t.storage.bus.execute(ctx(randomUUID()), (uow) => request(uow, bookingId));
    const reopened = t.reopen();
    expect(reopened.queries.booking(bookingId)?.firstName).toBe('Ann');
  });

  it('works the same without group commit', async () => {
    const t2 = tempStorage({ groupCommit: false });
    try {
      await Promise.all(Array.from({ length: 5 }, () => t2.storage.bus.execute(ctx(randomUUID()), (uow) => request(uow, randomUUID()))));
      expect(t2.storage.queries.bookings()).toHaveLength(5);
    } finally {
      t2.cleanup();
    }
  });
});
