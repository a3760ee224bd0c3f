import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ERASED } from '#domain/limits.ts';
import type { CommandContext, UnitOfWork } from '#data/command-bus.ts';
import type { VaultOptions } from '#data/vault.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';
import { SQL, traced, type Traced } from './traced.ts';

/**
 * What the vault remembers, and what that saves (ADR 012): within the bus's write batches it knows who has which
 * key, so a command for a known person reads no key row; it opens each key once; it looks at the key epoch at
 * most every 250 ms. Seen through the statements a traced connection runs; each saving must keep every answer.
 */
const ann = 'email:ann@example.com';
const at = (iso: string): CommandContext => ({ commandId: null, actor: null, role: 'anonymous', now: new Date(iso) });
const march = '2026-03-01T00:00:00.000Z';

/** A new booking for `subject` (the fixture's data; the subject is what the vault keys by). */
function request(uow: UnitOfWork, subject = ann): string {
  const id = randomUUID();
  uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { expectedVersion: 0, subject });
  return id;
}

describe('the vault within write batches', () => {
  let t: ReturnType<typeof tempStorage>;
  let tr: Traced;
  const open = (options: VaultOptions = {}) => {
    tr = traced(t.file, { vault: options });
    return tr;
  };
  beforeEach(() => {
    t = tempStorage();
    open();
  });
  afterEach(() => {
    tr.close();
    t.cleanup();
  });

  it('reads no key row for a second command of the same person in the batch, and at the same time writes no last_used', async () => {
    await Promise.all([tr.bus.execute(at(march), (uow) => request(uow)), tr.bus.execute(at(march), (uow) => request(uow))]);
    expect(tr.count(SQL.begin)).toBe(1);
    expect([tr.count(SQL.keyBySubject), tr.count(SQL.newKey), tr.count(SQL.lastUsed)]).toEqual([1, 1, 0]);
  });

  it('keeps knowing the person in later batches while no key was deleted, writing last_used only when it moves forward', async () => {
    await tr.bus.execute(at(march), (uow) => request(uow));
    await tr.bus.execute(at('2026-04-01T00:00:00Z'), (uow) => request(uow));
    await tr.bus.execute(at('2026-03-15T00:00:00Z'), (uow) => request(uow));
    expect([tr.count(SQL.keyBySubject), tr.count(SQL.lastUsed)]).toEqual([1, 1]);
    expect(tr.db.prepare('SELECT last_used FROM person_keys').pluck().get()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('looks the person up again after a command of the batch rolled back', async () => {
    const outcomes = await Promise.allSettled([
      tr.bus.execute(at(march), (uow) => request(uow)),
      tr.bus.execute(at(march), (uow) => {
        request(uow);
        throw new Error('refused after sealing');
      }),
      tr.bus.execute(at(march), (uow) => request(uow)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The batch ran without savepoints, rolled back at the failure, and ran again with a savepoint per command.
    expect(tr.count(SQL.begin)).toBe(2);
    const committed = tr.log.slice(tr.log.lastIndexOf(SQL.begin));
    expect(committed.filter((sql) => sql.startsWith(SQL.keyBySubject))).toHaveLength(2);
  });

  it('forgets whom it knows once another process deleted a key, and not when an erasure there deleted nothing', async () => {
    await tr.bus.execute(at(march), (uow) => request(uow));
    await t.storage.bus.execute(at(march), (uow) => request(uow, 'email:bob@example.com'));
    const eraseElsewhere = (subject: string) => t.storage.db.transaction(() => t.storage.vault.erase(subject))();

    expect(eraseElsewhere('email:nobody@example.com')).toBe(0);
    await tr.bus.execute(at(march), (uow) => request(uow));
    expect(tr.count(SQL.keyBySubject)).toBe(1);

    expect(eraseElsewhere('email:bob@example.com')).toBe(1);
    await tr.bus.execute(at(march), (uow) => request(uow));
    expect(tr.count(SQL.keyBySubject)).toBe(2);
  });

  it('remembers at most maxPeople people: past that its memory starts again', async () => {
    tr.close();
    open({ maxPeople: 2 });
    const [a, b, c] = ['email:a@example.com', 'email:b@example.com', 'email:c@example.com'];
    const lookups = async (subject: string) => {
      await tr.bus.execute(at(march), (uow) => request(uow, subject));
      return tr.count(SQL.keyBySubject);
    };
    expect([await lookups(a), await lookups(b), await lookups(a), await lookups(b)]).toEqual([1, 2, 2, 2]);
    // The third person starts the memory again: a is looked up anew, c is still known.
    expect([await lookups(c), await lookups(a), await lookups(c)]).toEqual([3, 4, 4]);
  });

  it('moves an earlier last_used another process wrote forward once, and not back for a command from in between', async () => {
    await t.storage.bus.execute(at('2026-01-01T00:00:00Z'), (uow) => request(uow));
    await tr.bus.execute(at(march), (uow) => request(uow));
    await tr.bus.execute(at('2026-02-01T00:00:00Z'), (uow) => request(uow));
    expect([tr.count(SQL.keyBySubject), tr.count(SQL.lastUsed)]).toEqual([1, 1]);
    expect(tr.db.prepare('SELECT last_used FROM person_keys').pluck().get()).toBe(march);
  });

  it('keeps a later last_used another process wrote, so a command from an earlier time writes no last_used after its first', async () => {
    await t.storage.bus.execute(at('2026-04-01T00:00:00Z'), (uow) => request(uow));
    await tr.bus.execute(at(march), (uow) => request(uow));
    await tr.bus.execute(at('2026-03-15T00:00:00Z'), (uow) => request(uow));
    expect([tr.count(SQL.keyBySubject), tr.count(SQL.lastUsed)]).toEqual([1, 1]);
    expect(tr.db.prepare('SELECT last_used FROM person_keys').pluck().get()).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('the vault opening events', () => {
  let t: ReturnType<typeof tempStorage>;
  let tr: Traced;
  beforeEach(() => {
    t = tempStorage();
    tr = traced(t.file);
  });
  afterEach(() => {
    vi.useRealTimers();
    tr.close();
    t.cleanup();
  });
  const writeElsewhere = async (count: number) => {
    for (let i = 0; i < count; i++) await t.storage.bus.execute(at(march), (uow) => request(uow));
  };

  it("opens each person's key once for many of their events", async () => {
    await writeElsewhere(3);
    expect(tr.store.readAll(0, 100).map((e) => e.data)).toMatchObject([{ firstName: 'Ann' }, { firstName: 'Ann' }, { firstName: 'Ann' }]);
    expect(tr.store.replayPage(0, 100)).toHaveLength(3);
    expect(tr.count(SQL.keyById)).toBe(1);
  });

  it('keeps at most maxPeople keys: past that its memory of keys starts again (a replay of many people stays bounded)', async () => {
    tr.close();
    tr = traced(t.file, { vault: { maxPeople: 2 } });
    for (const who of ['a', 'b', 'c']) await t.storage.bus.execute(at(march), (uow) => request(uow, `email:${who}@example.com`));
    const read = () => tr.store.replayPage(0, 100).map((e) => (e.data as { email: string }).email);
    // The fixture's fields are Ann's whoever the subject: the three keys all open them.
    expect(read()).toEqual(['ann@example.com', 'ann@example.com', 'ann@example.com']);
    // a, b: two keys read and kept; c: the memory starts again with c's key.
    expect(tr.count(SQL.keyById)).toBe(3);
    // Only c's key is known: a is read and kept beside it, b starts the memory again, and c is read after b.
    read();
    expect(tr.count(SQL.keyById)).toBe(6);
    read();
    expect(tr.count(SQL.keyById)).toBe(9);
  });

  it("reads the keys of a page the replay's reader opens with one query, and an erased person's as gone", async () => {
    for (const who of ['a', 'b', 'c', 'a']) await t.storage.bus.execute(at(march), (uow) => request(uow, `email:${who}@example.com`));
    t.storage.db.transaction(() => t.storage.vault.erase('email:b@example.com'))();
    const emails = () => tr.store.openedTextPage(0, 100).map((row) => (JSON.parse(row[4]) as { email: string }).email);
    expect(emails()).toEqual(['ann@example.com', ERASED, 'ann@example.com', 'ann@example.com']);
    expect([tr.count(SQL.keysById), tr.count(SQL.keyById)]).toEqual([1, 0]);
    // Known now, b's gone key included: nothing more to read.
    emails();
    expect([tr.count(SQL.keysById), tr.count(SQL.keyById)]).toEqual([1, 0]);
  });

  it("asks, page by page, only for the keys it does not hold", async () => {
    for (const who of ['a', 'b', 'a']) await t.storage.bus.execute(at(march), (uow) => request(uow, `email:${who}@example.com`));
    const { result: id } = await t.storage.bus.execute(at(march), (uow) => request(uow, 'email:c@example.com'));
    // A status change: an event with no blob.
    await t.storage.bus.execute(at(march), (uow) =>
      uow.handle(streamId.booking(id), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId: id, status: 'confirmed' } }, { expectedVersion: 1 }),
    );
    tr.store.openedTextPage(0, 3);
    expect(tr.count(SQL.keysById)).toBe(1);
    // a and b are known now: one more query, for c's key.
    tr.store.openedTextPage(0, 100);
    expect(tr.count(SQL.keysById)).toBe(2);
    tr.store.openedTextPage(0, 100);
    expect([tr.count(SQL.keysById), tr.count(SQL.keyById)]).toEqual([2, 0]);
  });

  it('opens a page with more people than it may remember, their keys read again as needed', async () => {
    tr.close();
    tr = traced(t.file, { vault: { maxPeople: 2 } });
    for (const who of ['a', 'b', 'c']) await t.storage.bus.execute(at(march), (uow) => request(uow, `email:${who}@example.com`));
    const emails = () => tr.store.openedTextPage(0, 100).map((row) => (JSON.parse(row[4]) as { email: string }).email);
    expect(emails()).toEqual(['ann@example.com', 'ann@example.com', 'ann@example.com']);
    expect(tr.count(SQL.keysById)).toBe(1);
    // The page's three are held together; a fourth person starts the memory again, so the page is asked for anew.
    await t.storage.bus.execute(at(march), (uow) => request(uow, 'email:d@example.com'));
    tr.store.openedTextPage(3, 100);
    expect(tr.count(SQL.keysById)).toBe(2);
    expect(emails()).toHaveLength(4);
    expect([tr.count(SQL.keysById), tr.count(SQL.keyById)]).toEqual([3, 0]);
  });

  it('does not read back a key it made itself', async () => {
    await Promise.all([tr.bus.execute(at(march), (uow) => request(uow)), tr.bus.execute(at(march), (uow) => request(uow))]);
    expect(tr.store.readAll(0, 100).map((e) => e.data)).toMatchObject([{ email: 'ann@example.com' }, { email: 'ann@example.com' }]);
    expect(tr.count(SQL.keyById)).toBe(0);
  });

  it('looks at the key epoch at most every 250 ms, and keeps its keys while the epoch has not moved', async () => {
    await writeElsewhere(2);
    vi.useFakeTimers({ toFake: ['performance'] });
    const read = () => tr.store.readAll(0, 100);
    read();
    expect([tr.count(SQL.epoch), tr.count(SQL.keyById)]).toEqual([1, 1]);
    vi.advanceTimersByTime(249);
    read();
    expect(tr.count(SQL.epoch)).toBe(1);
    vi.advanceTimersByTime(1);
    read();
    expect([tr.count(SQL.epoch), tr.count(SQL.keyById)]).toEqual([2, 1]);
  });

  it('reads as erased, within 250 ms, the events of a person another process erased', async () => {
    await writeElsewhere(1);
    vi.useFakeTimers({ toFake: ['performance'] });
    expect(tr.store.readAll(0, 1)[0]!.data).toMatchObject({ firstName: 'Ann' });
    t.storage.db.transaction(() => t.storage.vault.erase(ann))();
    vi.advanceTimersByTime(250);
    expect(tr.store.readAll(0, 1)[0]!.data).toMatchObject({ firstName: ERASED, email: ERASED });
  });

  it('looks at the key epoch when sealing outside a batch too, at most every 250 ms', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const seal = () => tr.db.transaction(() => tr.vault.seal('BookingRequested', bookingRequested().data, ann, march))();
    seal();
    vi.advanceTimersByTime(100);
    seal();
    expect(tr.count(SQL.epoch)).toBe(1);
    vi.advanceTimersByTime(150);
    seal();
    expect(tr.count(SQL.epoch)).toBe(2);
    // Outside a batch nobody is remembered: each seal finds the person by their hash.
    expect(tr.count(SQL.keyBySubject)).toBe(3);
  });
});
