import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';
import { SQL, traced, type Traced } from './traced.ts';

/**
 * The reads the write path leaves out (ADR 012), seen through the statements a traced connection runs: a new
 * stream is not read before its first append, a stream read by the command is not read again by the append, and
 * a command without an id is never looked up among the commands.
 */
const ctx = (commandId: string | null = null): CommandContext => ({ commandId, fingerprint: 'f', actor: 'admin-1', role: 'admin', now: new Date('2026-11-22T10:00:00Z') });
const subject = 'email:ann@example.com';

describe('the write path reads only what it needs', () => {
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
