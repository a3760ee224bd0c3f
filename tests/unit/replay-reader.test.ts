import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { chatDecider } from '#domain/deciders/chat.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import type { CommandContext } from '#data/command-bus.ts';
import { StagedRebuild } from '#data/rebuild.ts';
import { ReplayReader } from '#data/replay-reader.ts';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { tempStorage } from './store.ts';

/**
 * The replay reader (data/replay-reader.ts): a thread reads and opens the log a few pages ahead of the rebuild.
 * Its pages must be exactly what the rebuild's own reads give — positions, opened personal fields, metadata — or
 * the rebuild would build other read models than the live ones.
 */
const ctx = (): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'anonymous', now: new Date('2026-11-20T09:00:00Z') });
const quote = (i: number) =>
  CreateBookingSchema.parse({ firstName: `Person${i}`, email: `p${i % 40}@example.com`, phone: '01784 123456', serviceType: 'rewiring', description: `job ${i}` });
/** What a projection reads of an event, metadata included (it is parsed lazily, so compared as JSON). */
const plain = (events: ReadonlyArray<{ metadata: unknown }>) => JSON.parse(JSON.stringify(events)) as unknown;

describe('ReplayReader', () => {
  let t: ReturnType<typeof tempStorage>;
  const readers: ReplayReader[] = [];
  beforeEach(async () => {
    t = tempStorage();
    // 300 quote requests from 40 people: 340 events (a contact is made for each new address).
    await Promise.all(Array.from({ length: 300 }, (_, i) => t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null))));
    // Then a booking (with its contact) and its chat, events 341 to 372: messages are handed over sealed (ADR 022).
    const booking = CreateBookingSchema.parse({ firstName: 'Chatty', email: 'chat@example.com', serviceType: 'rewiring', startDate: '2026-12-01', finishDate: '2026-12-02' });
    await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, booking, null));
    const bookingId = t.storage.queries.bookings()[0]!.id;
    for (let i = 0; i < 30; i++) {
      await t.storage.bus.execute(ctx(), (uow) =>
        uow.handle(
          streamId.chat(bookingId),
          chatDecider,
          { type: 'PostMessage', data: { messageId: randomUUID(), bookingId, senderId: null, senderName: 'Team', content: `Message ${i}`, attachments: [], isFromAdmin: true } },
          { subject: personSubject('chat@example.com', streamId.booking(bookingId)) },
        ),
      );
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const reader of readers.splice(0)) void reader.close();
    t.cleanup();
  });
  const reader = (after: number, until: number, pageSize: number): ReplayReader => {
    const made = new ReplayReader(t.file, until, { pageSize, ahead: 2 });
    made.start(after);
    readers.push(made);
    return made;
  };

  it('gives the pages replayPage gives, one after the other, up to its end and no further', () => {
    expect(t.storage.store.lastPosition()).toBe(372);
    const until = 250;
    const r = reader(0, until, 100);
    let at = 0;
    const pages: number[] = [];
    while (at < until) {
      const page = r.take(at, 5_000);
      expect(page).toBeDefined();
      const expected = t.storage.store.replayPage(at, 100).filter((e) => e.globalPosition <= until);
      expect(plain(page!)).toEqual(plain(expected));
      pages.push(page!.length);
      at = page!.at(-1)!.globalPosition;
    }
    expect(pages).toEqual([100, 100, 50]);
    expect(r.take(at, 50)).toBeUndefined();
    expect(r.ended).toBe(true);
  });

  it('hands chat messages over sealed, their blob as the read model keeps it, as replayPage gives them', () => {
    const last = t.storage.store.lastPosition();
    const r = reader(340, last, 100);
    const page = r.take(340, 5_000)!;
    const expected = t.storage.store.replayPage(340, 100);
    const messages = page.filter((e) => e.type === 'MessagePosted');
    expect(messages).toHaveLength(30);
    for (const message of messages) {
      const data = message.data as unknown as Record<string, unknown>;
      expect(data['content']).toBeUndefined();
      expect(data['_sealed']).toBeInstanceOf(Uint8Array);
    }
    const bytes = (events: typeof page) => events.map((e) => (e.data as unknown as { _sealed?: Uint8Array })._sealed).map((b) => (b ? Buffer.from(b).toString('base64') : null));
    expect(bytes(page)).toEqual(bytes(expected));
    expect(t.storage.vault.openFields((messages[0]!.data as unknown as { _sealed: Uint8Array })._sealed, ['content'])).toEqual({ content: 'Message 0' });
  });

  it('goes on after a wait that ran out, and says it has ended only once its pages are all taken', async () => {
    const r = reader(0, 340, 100);
    // Asked before the thread could have read anything: nothing yet, and it is not given up for that.
    expect(r.take(0, 0)).toBeUndefined();
    expect(r.take(0, 5_000)?.[0]?.globalPosition).toBe(1);
    // The thread reads the rest (3 pages, within `ahead`) and ends; pages still waiting mean not ended.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.ended).toBe(false);
    let at = 100;
    for (let page = r.take(at, 5_000); page; page = r.take(at, 5_000)) at = page.at(-1)!.globalPosition;
    expect(at).toBe(340);
    expect(r.ended).toBe(true);
  });

  it('answers nothing for a page it was not asked for, and skips the pages read another way meanwhile', () => {
    const r = reader(0, 340, 100);
    expect(r.take(50, 2_000)).toBeUndefined();
    // The rebuild read (0, 200] itself: the reader's pages up to there are dropped, the next one is the one after.
    const page = r.take(200, 5_000);
    expect(page?.[0]?.globalPosition).toBe(201);
  });

  it('opens personal fields with the keys as they are: an erased person reads as erased', async () => {
    await t.storage.erase('email:p1@example.com');
    const r = reader(0, 340, 500);
    const page = r.take(0, 5_000)!;
    const quotes = page.filter((e) => e.type === 'QuoteRequested').map((e) => e.data as { email: string; firstName: string });
    // Person 1, 41, 81 … 281: eight quote requests under p1@example.com.
    expect(quotes.filter((q) => q.email === ERASED)).toHaveLength(8);
    expect(quotes.find((q) => q.firstName === 'Person2')?.email).toBe('p2@example.com');
  });

  it('ends, without failing the rebuild, when its thread cannot read the file', () => {
    const r = new ReplayReader(`${t.file}.missing`, 340, { pageSize: 100 });
    r.start(0);
    readers.push(r);
    expect(r.take(0, 5_000)).toBeUndefined();
  });

  it('is taken for gone after waiting 2 s in all for pages that do not come, and the rebuild reads by itself', () => {
    // Another connection keeps the database to itself: the thread's reads wait (5 s) and post nothing meanwhile,
    // as a thread stuck or dead unseen would (its 'exit' never shows while a synchronous rebuild holds the loop).
    t.storage.db.pragma('locking_mode = EXCLUSIVE');
    t.storage.db.exec('BEGIN EXCLUSIVE; COMMIT');
    const r = reader(0, 340, 100);
    const started = performance.now();
    while (!r.ended && performance.now() - started < 10_000) expect(r.take(0, 500)).toBeUndefined();
    expect(r.ended).toBe(true);
    expect(performance.now() - started).toBeLessThan(3_500);
    t.storage.db.pragma('locking_mode = NORMAL');
    expect(t.storage.store.replayPage(0, 100)).toHaveLength(100);
  });

  it('reads nothing until told where to begin, then begins there', async () => {
    const r = new ReplayReader(t.file, 340, { pageSize: 100, ahead: 2 });
    readers.push(r);
    await vi.waitFor(() => expect(r.ready).toBe(true), { timeout: 10_000, interval: 20 });
    expect(r.take(0, 200)).toBeUndefined();
    r.start(150);
    const page = r.take(150, 5_000)!;
    expect(page.map((e) => e.globalPosition)).toEqual(Array.from({ length: 100 }, (_, i) => 151 + i));
  });

  it('lets a rebuild build the same read models as one that reads the log itself', () => {
    const live = t.storage.snapshot();
    // The rebuild reads the first page itself, as while the thread starts up; from the second on, it waits until the
    // thread is ready (this log is read faster than a thread starts), and the thread begins after that first page.
    const ready = Object.getOwnPropertyDescriptor(ReplayReader.prototype, 'ready')!.get!;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let asked = 0;
    vi.spyOn(ReplayReader.prototype, 'ready', 'get').mockImplementation(function (this: ReplayReader) {
      if (++asked === 1) return false;
      for (const deadline = performance.now() + 10_000; !ready.call(this) && performance.now() < deadline; ) Atomics.wait(pause, 0, 0, 10);
      return ready.call(this) as boolean;
    });
    const take = vi.spyOn(ReplayReader.prototype, 'take');
    // Slices of 249 events cannot take the reader's pages of 250: the rebuild reads on its own connection.
    for (const maxEvents of [249, 5_000]) {
      const rebuild = new StagedRebuild(t.storage.db, t.storage.store, { maxEvents, maxMs: 1_000 });
      while (!rebuild.done) rebuild.step();
      expect(t.storage.snapshot()).toEqual(live);
    }
    const fromThread = take.mock.results.map((r) => r.value as RecordedEvent[] | undefined).filter((page) => page !== undefined);
    expect(fromThread.map((page) => page[0]!.globalPosition)).toEqual([251]);
  });
});
