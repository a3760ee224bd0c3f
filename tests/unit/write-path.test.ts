import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider, type BookingCommand } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ERASED } from '#domain/limits.ts';
import type { CommandContext, UnitOfWork } from '#data/command-bus.ts';
import { openStorage } from '#data/storage.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * The write path's shortcuts (issue 14): a new stream is appended without reading it, a command's idempotency
 * record is written without reading it first, and the vault remembers who has which key within the bus's write
 * batches. Each shortcut must answer exactly as the long way did.
 */
const ctx = (commandId: string | null = randomUUID(), fingerprint = 'f'): CommandContext => ({
  commandId,
  fingerprint,
  actor: null,
  role: 'anonymous',
  now: new Date(),
});
const subject = 'email:ann@example.com';

function caught(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function requestBooking(uow: UnitOfWork, id: string, expectedVersion?: number): { id: string } {
  const command: BookingCommand = { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data };
  uow.handle(streamId.booking(id), bookingDecider, command, { subject, ...(expectedVersion === undefined ? {} : { expectedVersion }) });
  return { id };
}

describe('the write path', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('refuses a second new stream under the same id with version_conflict, also within one batch', async () => {
    const id = randomUUID();
    const [first, second] = await Promise.allSettled([
      t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id, 0)),
      t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id, 0)),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'version_conflict', details: { expectedVersion: 0, currentVersion: 1 } } });
    const later = t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id, 0));
    await expect(later).rejects.toMatchObject({ code: 'version_conflict', details: { expectedVersion: 0, currentVersion: 1 } });
    expect(t.storage.store.readStream(streamId.booking(id))).toHaveLength(1);
  });

  it('answers repeats that arrive together with the first as the first, even when their own run would be refused', async () => {
    const key = randomUUID();
    const id = randomUUID();
    // Each run asks for the same new stream: after the first, a run of its own would be a version conflict.
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => t.storage.bus.execute(ctx(key), (uow) => requestBooking(uow, id, 0))));
    expect(outcomes.map((o) => o.replayed)).toEqual([false, true, true, true, true]);
    expect(new Set(outcomes.map((o) => o.result.id))).toEqual(new Set([id]));
    expect(t.storage.store.readAll(0, 100)).toHaveLength(1);
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM commands WHERE command_id = ?').pluck().get(key)).toBe(1);
  });

  it('refuses a repeat with a different request that arrives together with the first', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.allSettled([
      t.storage.bus.execute(ctx(key, 'one'), (uow) => requestBooking(uow, randomUUID())),
      t.storage.bus.execute(ctx(key, 'two'), (uow) => requestBooking(uow, randomUUID())),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'idempotency_key_reused' } });
    expect(t.storage.store.readAll(0, 100)).toHaveLength(1);
  });

  it('does not remember a key made by a command that rolled back', async () => {
    const failing = t.storage.bus.execute(ctx(), (uow) => {
      requestBooking(uow, randomUUID());
      throw new Error('refused after sealing');
    });
    const id = randomUUID();
    const ok = t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id));
    await expect(failing).rejects.toThrow('refused after sealing');
    await ok;
    expect(t.storage.store.readStream(streamId.booking(id))[0]!.data).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM person_keys').pluck().get()).toBe(1);
  });

  it('seals for a person erased by another process with a new key, not the remembered one', async () => {
    const before = randomUUID();
    await t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, before));
    const oldKey = t.storage.db.prepare('SELECT key_id FROM person_keys').pluck().get();
    // `npm run erase` in another process: its own connection deletes the key.
    const other = openStorage(t.file);
    try {
      await other.erase(subject);
    } finally {
      other.close();
    }
    const after = randomUUID();
    await t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, after));
    expect(t.storage.store.readStream(streamId.booking(after))[0]!.data).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
    expect(t.storage.store.readStream(streamId.booking(before))[0]!.data).toMatchObject({ firstName: ERASED, email: ERASED });
    const keys = t.storage.db.prepare('SELECT key_id FROM person_keys').pluck().all();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(oldKey);
  });

  it('keeps last_used moving forward for a person the vault remembers', async () => {
    await t.storage.bus.execute({ ...ctx(), now: new Date('2026-01-01T00:00:00Z') }, (uow) => requestBooking(uow, randomUUID()));
    await t.storage.bus.execute({ ...ctx(), now: new Date('2026-03-01T00:00:00Z') }, (uow) => requestBooking(uow, randomUUID()));
    await t.storage.bus.execute({ ...ctx(), now: new Date('2026-02-01T00:00:00Z') }, (uow) => requestBooking(uow, randomUUID()));
    expect(t.storage.db.prepare('SELECT last_used FROM person_keys').pluck().get()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('seals every event with its own IV, also across many refills of the IV pool', () => {
    const data = bookingRequested().data as unknown as Record<string, unknown>;
    const sealed = t.storage.db.transaction(() => Array.from({ length: 1_000 }, () => t.storage.vault.seal('BookingRequested', data, subject)))();
    const ivs = new Set(
      sealed.map((s) =>
        Buffer.from((s['_sealed'] as { c: string }).c, 'base64')
          .subarray(0, 12)
          .toString('hex'),
      ),
    );
    expect(ivs.size).toBe(1_000);
    for (const s of sealed) expect(t.storage.vault.unseal(s)).toEqual(data);
  });

  it('an erasure that fails keeps the person readable: the vault does not go on taking their key for gone', async () => {
    const id = randomUUID();
    await t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id, 0));
    const before = t.storage.store.readStream(streamId.booking(id))[0]!.data;
    t.storage.db.exec(`CREATE TEMP TRIGGER no_epoch BEFORE INSERT ON meta WHEN NEW.name = 'key_epoch' BEGIN SELECT RAISE(ABORT, 'the disk said no'); END`);

    await expect(t.storage.erase(subject)).rejects.toThrow('the disk said no');
    t.storage.db.exec('DROP TRIGGER no_epoch');

    expect(t.storage.store.readStream(streamId.booking(id))[0]!.data).toEqual(before);
    expect((before as { email?: string }).email).not.toBe(ERASED);
  });

  describe('a new stream (expectedVersion 0), decided without reading it', () => {
    const change = (uow: UnitOfWork, id: string) =>
      uow.handle(streamId.booking(id), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: id, status: 'confirmed' } }, { expectedVersion: 0 });
    const nothing = (uow: UnitOfWork, id: string) => uow.handle(streamId.booking(id), bookingDecider, [], { expectedVersion: 0 });
    const conflict = { code: 'version_conflict', details: { expectedVersion: 0, currentVersion: 1 } };

    it('answers version_conflict, not the refusal the empty state gives, when the stream exists after all', () => {
      const id = randomUUID();
      t.storage.bus.executeNow(ctx(), (uow) => requestBooking(uow, id, 0));
      expect(caught(() => t.storage.bus.executeNow(ctx(), (uow) => change(uow, id)))).toMatchObject(conflict);
      expect(caught(() => t.storage.bus.executeNow(ctx(), (uow) => change(uow, randomUUID())))).toMatchObject({ code: 'booking_not_found' });
    });

    it('answers version_conflict for a decision of nothing when the stream exists, and nothing when it does not', () => {
      const id = randomUUID();
      t.storage.bus.executeNow(ctx(), (uow) => requestBooking(uow, id, 0));
      expect(caught(() => t.storage.bus.executeNow(ctx(), (uow) => nothing(uow, id)))).toMatchObject(conflict);
      expect(t.storage.bus.executeNow(ctx(), (uow) => nothing(uow, randomUUID())).result).toEqual({ state: { status: 'none' }, events: [], version: 0 });
      expect(t.storage.store.lastPosition()).toBe(1);
    });

    it('answers a write the disk refuses with that refusal, never as a conflict', () => {
      const id = randomUUID();
      t.storage.bus.executeNow(ctx(), (uow) => requestBooking(uow, id, 0));
      t.storage.db.exec(`CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`);
      const confirm = (uow: UnitOfWork, expectedVersion?: number) =>
        uow.handle(streamId.booking(id), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: id, status: 'confirmed' } }, { expectedVersion });
      const writes: Array<(uow: UnitOfWork) => unknown> = [
        (uow) => confirm(uow),
        (uow) => confirm(uow, 1),
        // A new stream that turns out to exist: the disk refused before the log could.
        (uow) => requestBooking(uow, id, 0),
        (uow) => requestBooking(uow, randomUUID(), 0),
      ];
      for (const write of writes) expect(caught(() => t.storage.bus.executeNow(ctx(), write))).toMatchObject({ message: 'the disk is full' });
      t.storage.db.exec('DROP TRIGGER disk_full');
      expect(t.storage.store.lastPosition()).toBe(1);
    });
  });

  it('keeps no key of a batch whose commit failed: the next command for the person makes one that lasts', async () => {
    // A deferred foreign key is checked at COMMIT: a stand-in for a disk that fills as the batch commits.
    t.storage.db.exec(
      'CREATE TABLE test_parent (id TEXT PRIMARY KEY); CREATE TABLE test_child (parent TEXT REFERENCES test_parent (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const booked = t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, randomUUID()));
    const dangling = t.storage.bus.execute(ctx(), (uow) => uow.db.prepare(`INSERT INTO test_child VALUES ('nobody')`).run());
    await expect(booked).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    await expect(dangling).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });

    const id = randomUUID();
    await t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id));
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM person_keys').pluck().get()).toBe(1);
    expect(t.reopen().store.readStream(streamId.booking(id))[0]!.data).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
  });

  it('seals with a new key for a person erased by an earlier command of the same batch', async () => {
    const id = randomUUID();
    const [, erased] = await Promise.all([
      t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, randomUUID())),
      t.storage.bus.execute(ctx(), () => t.storage.vault.erase(subject)),
      t.storage.bus.execute(ctx(), (uow) => requestBooking(uow, id)),
    ]);
    expect(erased.result).toBe(1);
    expect(t.storage.store.readStream(streamId.booking(id))[0]!.data).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
    expect(t.reopen().store.readStream(streamId.booking(id))[0]!.data).toMatchObject({ firstName: 'Ann' });
  });
});
