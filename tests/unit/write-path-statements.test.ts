import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import type { CommandContext, UnitOfWork } from '#data/command-bus.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';
import { SQL, traced, type Traced } from './traced.ts';

/**
 * The reads the write path leaves out (ADR 012), seen through the statements a traced connection runs: a new
 * stream is not read before its first append, a stream read by the command is not read again by the append, and
 * a command without an id is never looked up among the commands. And the savepoints it leaves out (ADR 020): a
 * batch takes them only after a command of it failed.
 */
const ctx = (commandId: string | null = null): CommandContext => ({ commandId, fingerprint: 'f', actor: 'admin-1', role: 'admin', now: new Date('2026-11-22T10:00:00Z') });
const subject = 'email:ann@example.com';

let t: ReturnType<typeof tempStorage>;
let tr: Traced;
beforeEach(() => {
  t = tempStorage();
  tr = traced(t.file);
});
afterEach(() => {
  tr.close();
  t.cleanup();
});

describe('the write path reads only what it needs', () => {
  it('appends a new stream without reading it, and reads a known stream once: the append does not read its version again', async () => {
    const id = randomUUID();
    const stream = streamId.booking(id);
    await tr.bus.execute(ctx(), (uow) =>
      uow.handle(stream, bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { expectedVersion: 0, subject }),
    );
    expect([tr.count(SQL.readStream), tr.count(SQL.streamVersion)]).toEqual([0, 0]);

    await tr.bus.execute(ctx(), (uow) => uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: id, status: 'confirmed' } }));
    await tr.bus.execute(ctx(), (uow) =>
      uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: id, status: 'completed' } }, { expectedVersion: 2 }),
    );
    expect([tr.count(SQL.readStream), tr.count(SQL.streamVersion)]).toEqual([2, 0]);
    expect(tr.store.readStream(stream).map((e) => e.streamPosition)).toEqual([1, 2, 3]);
  });

  it('reads the version before an append at a later version that nobody read in the transaction', async () => {
    const id = randomUUID();
    const stream = streamId.booking(id);
    await tr.bus.execute(ctx(), (uow) => uow.store.append(stream, [bookingRequested({ bookingId: id })], uow.metadata, { expectedVersion: 0, subject }));
    expect(tr.count(SQL.streamVersion)).toBe(0);
    await tr.bus.execute(ctx(), (uow) =>
      uow.store.append(stream, [{ type: 'BookingStatusChanged', data: { bookingId: id, from: 'pending', to: 'confirmed' } }], uow.metadata, { expectedVersion: 1 }),
    );
    expect(tr.count(SQL.streamVersion)).toBe(1);
  });

  it('never looks up a command without an id among the commands, whether it succeeds or fails', async () => {
    await tr.bus.execute(ctx(), () => 'done');
    await expect(
      tr.bus.execute(ctx(), () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(tr.count(SQL.findCommand)).toBe(0);

    // With an id: looked up before the transaction (a repeat is answered without one), and after a failure.
    const key = randomUUID();
    await expect(
      tr.bus.execute(ctx(key), () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(tr.count(SQL.findCommand)).toBe(2);
  });
});

describe('a batch runs without savepoints until a command fails (ADR 020)', () => {
  const request = (uow: UnitOfWork, id = randomUUID()) => {
    uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { expectedVersion: 0, subject });
    uow.mail.queue({ kind: 'test', to: 'ann@example.com', subject: `Booking ${id}`, body: { greeting: 'Hello', lines: [] } });
    return id;
  };
  const refused = (uow: UnitOfWork) => {
    request(uow);
    throw new Error('refused after writing');
  };
  const stored = (table: 'events' | 'mail_outbox') => t.storage.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  /** Runs commands as one batch; answers how many savepoints that took. */
  const batch = async (...works: Array<(uow: UnitOfWork) => unknown>) => {
    const before = tr.count(SQL.savepoint);
    await Promise.allSettled(works.map((work) => tr.bus.execute(ctx(), work)));
    return tr.count(SQL.savepoint) - before;
  };

  it('commits a batch whose commands all succeed in one transaction with no savepoint', async () => {
    expect(await batch(request, request, request)).toBe(0);
    expect(tr.count(SQL.begin)).toBe(1);
    expect([stored('events'), stored('mail_outbox')]).toEqual([3, 3]);
  });

  it('runs the batch again with a savepoint per command when one fails: the others commit, the failing one leaves nothing', async () => {
    const outcomes = await Promise.allSettled([tr.bus.execute(ctx(), request), tr.bus.execute(ctx(), refused), tr.bus.execute(ctx(), request)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toHaveProperty('message', 'refused after writing');
    expect(tr.count(SQL.begin)).toBe(2);
    expect(tr.log.slice(tr.log.lastIndexOf(SQL.begin)).filter((sql) => sql.startsWith(SQL.savepoint))).toHaveLength(3);
    expect([stored('events'), stored('mail_outbox')]).toEqual([2, 2]);
  });

  it('does not run a command alone again when it fails', async () => {
    let runs = 0;
    await expect(
      tr.bus.execute(ctx(), (uow) => {
        runs += 1;
        refused(uow);
      }),
    ).rejects.toThrow('refused after writing');
    expect([runs, tr.count(SQL.begin), tr.count(SQL.savepoint)]).toEqual([1, 1, 0]);
    expect([stored('events'), stored('mail_outbox')]).toEqual([0, 0]);
  });

  it('keeps savepoints after a failure until ten batches in a row had none, counting again after another failure', async () => {
    await batch(refused);
    for (let i = 0; i < 6; i++) expect(await batch(request, request)).toBe(2);
    expect(await batch(request, refused)).toBe(2);
    const savepoints: number[] = [];
    for (let i = 0; i < 11; i++) savepoints.push(await batch(request, request));
    expect(savepoints).toEqual([...Array<number>(10).fill(2), 0]);
    expect(stored('events')).toBe(2 * 6 + 1 + 2 * 11);
  });
});
