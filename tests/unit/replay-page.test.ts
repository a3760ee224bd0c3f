import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ERASED } from '#domain/limits.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { bookingRequested, quoteRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * `EventStore.replayPage` is `readAll` for a rebuild (ADR 012): rows read as arrays, data opened in place, the
 * metadata parsed only when something reads more of it than its time. A rebuild must see exactly what `readAll`
 * gives — data, positions and metadata — or it would build other read models than the live ones.
 */
const ctx = (actor: string | null, role: CommandContext['role'], now: string): CommandContext => ({
  commandId: randomUUID(),
  fingerprint: 'f',
  actor,
  role,
  now: new Date(now),
});
const ann = 'email:ann@example.com';
const bob = 'email:bob@example.com';

describe('replayPage', () => {
  let t: ReturnType<typeof tempStorage>;
  const bookingIds = [randomUUID(), randomUUID()];
  beforeEach(async () => {
    t = tempStorage();
    const { bus } = t.storage;
    await bus.execute(ctx(null, 'anonymous', '2026-11-22T10:00:00Z'), (uow) =>
      uow.handle(streamId.booking(bookingIds[0]!), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: bookingIds[0]! }).data }, { expectedVersion: 0, subject: ann }),
    );
    await bus.execute(ctx(null, 'anonymous', '2026-11-22T10:05:00Z'), (uow) =>
      uow.store.append(streamId.quote(randomUUID()), [quoteRequested()], uow.metadata, { expectedVersion: 0, subject: bob }),
    );
    await bus.execute(ctx('admin-1', 'admin', '2026-11-23T08:00:00Z'), (uow) =>
      uow.handle(streamId.booking(bookingIds[0]!), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: bookingIds[0]!, status: 'confirmed' } }),
    );
    await bus.execute(ctx(null, 'anonymous', '2026-11-24T09:30:00Z'), (uow) =>
      uow.handle(streamId.booking(bookingIds[1]!), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: bookingIds[1]! }).data }, { expectedVersion: 0, subject: ann }),
    );
  });
  afterEach(() => t.cleanup());

  it('gives what readAll gives: data (field order too), positions and metadata', () => {
    const read = t.storage.store.readAll(0, 100);
    const replayed = t.storage.store.replayPage(0, 100);
    expect(replayed).toHaveLength(4);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(read));
    replayed.forEach((event, i) => {
      const expected = read[i]!;
      expect([event.type, event.streamId, event.streamPosition, event.globalPosition]).toEqual([expected.type, expected.streamId, expected.streamPosition, expected.globalPosition]);
      expect(event.data).toEqual(expected.data);
      expect(Object.keys(event.data)).toEqual(Object.keys(expected.data));
      const { time, commandId, actor, role } = event.metadata;
      expect({ time, commandId, actor, role }).toEqual(expected.metadata);
    });
    expect(replayed[2]!.metadata).toMatchObject({ actor: 'admin-1', role: 'admin', time: '2026-11-23T08:00:00.000Z' });
  });

  it('reads the metadata the same whichever part is asked for first', () => {
    const [first] = t.storage.store.replayPage(0, 1);
    const [again] = t.storage.store.replayPage(0, 1);
    const expected = t.storage.store.readAll(0, 1)[0]!.metadata;
    expect([first!.metadata.role, first!.metadata.actor, first!.metadata.commandId]).toEqual([expected.role, expected.actor, expected.commandId]);
    expect(JSON.parse(JSON.stringify(again!.metadata))).toEqual(expected);
    expect(again!.metadata.commandId).toBe(expected.commandId);
  });

  it('pages by global position as readAll does', () => {
    for (const [after, limit] of [
      [0, 2],
      [1, 2],
      [3, 5],
      [4, 5],
    ] as const) {
      expect(JSON.stringify(t.storage.store.replayPage(after, limit))).toBe(JSON.stringify(t.storage.store.readAll(after, limit)));
    }
    expect(t.storage.store.replayPage(1, 2).map((e) => e.globalPosition)).toEqual([2, 3]);
  });

  it('reads an erased person as ERASED, as readAll does', async () => {
    await t.storage.erase(ann);
    const replayed = t.storage.store.replayPage(0, 100);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(t.storage.store.readAll(0, 100)));
    expect(replayed[0]!.data).toMatchObject({ firstName: ERASED, email: ERASED, serviceType: 'electrical_repair' });
    expect(replayed[1]!.data).toMatchObject({ firstName: 'Bob' });
  });
});
