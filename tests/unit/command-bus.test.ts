import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { bookingId, quoteId } from './fixtures.ts';
import { adminCtx as ctx, confirmBooking as confirm, requestBooking as request } from './bus-fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * The command bus and its unit of work, on a real SQLite file: ids, the handle step's answer, idempotency
 * records and the mail wake-up after commit (waiting for a lock another connection holds: bus-lock.test.ts).
 */

const mail = { kind: 'test', to: 'ann@example.com', subject: 'Your booking', body: { greeting: 'Hello', lines: [] } };
/** A version-7 UUID: time first, so ids made later sort after earlier ones. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function caught(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('unit of work', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('takes a client-made id only when no record in the given streams has it, else makes one', () => {
    const bus = t.storage.bus;
    bus.executeNow(ctx(), (uow) => request(uow));

    const taken = caught(() => bus.executeNow(ctx(), (uow) => uow.newId(bookingId, streamId.quote, streamId.booking)));
    expect(taken).toMatchObject({ code: 'id_taken', message: 'A record with this id already exists' });
    expect(bus.executeNow(ctx(), (uow) => uow.newId(quoteId, streamId.quote, streamId.booking)).result).toBe(quoteId);
    const made = bus.executeNow(ctx(), (uow) => [uow.newId(), uow.newId()]).result;
    expect(made[0]).toMatch(UUID);
    expect(made[1]).toMatch(UUID);
    expect(made[1]! > made[0]!).toBe(true);
  });

  it('answers the state, the events and the version the handle step reached', () => {
    const first = t.storage.bus.executeNow(ctx(), (uow) => request(uow)).result;
    expect(first.version).toBe(1);
    expect(first.events.map((e) => [e.type, e.streamPosition])).toEqual([['BookingRequested', 1]]);

    const second = t.storage.bus.executeNow(ctx(), (uow) => confirm(uow)).result;
    expect(second).toMatchObject({ version: 2, state: { status: 'confirmed', bookingId } });
    expect(second.events.map((e) => e.type)).toEqual(['BookingStatusChanged']);
  });

  it('answers the unchanged state and appends nothing when the decider decides nothing', () => {
    t.storage.bus.executeNow(ctx(), (uow) => request(uow));
    t.storage.bus.executeNow(ctx(), (uow) => confirm(uow));
    const again = t.storage.bus.executeNow(ctx(), (uow) => confirm(uow)).result;
    expect(again).toEqual({ state: expect.objectContaining({ status: 'confirmed' }), events: [], version: 2 });
    expect(t.storage.store.lastPosition()).toBe(2);
  });

  it('tells a client that read an older version that someone else changed the record', () => {
    t.storage.bus.executeNow(ctx(), (uow) => request(uow));
    t.storage.bus.executeNow(ctx(), (uow) => confirm(uow));
    const stale = caught(() =>
      t.storage.bus.executeNow(ctx(), (uow) =>
        uow.handle(
          streamId.booking(bookingId),
          bookingDecider,
          { type: 'ChangeBookingStatus', data: { bookingId, status: 'cancelled' } },
          { expectedVersion: 1 },
        ),
      ),
    );
    expect(stale).toMatchObject({
      code: 'version_conflict',
      message: 'This record was changed by someone else meanwhile',
      details: { expectedVersion: 1, currentVersion: 2 },
    });
  });

  it("queues mail in the command's transaction, at the command's time", () => {
    t.storage.bus.executeNow(ctx(), (uow) => {
      uow.mail.queue(mail);
      return uow.mail.queued;
    });
    expect(t.storage.mail.due(new Date('2026-11-22T10:00:00Z'))).toMatchObject([{ kind: 'test', to: 'ann@example.com', subject: 'Your booking' }]);
    expect(t.storage.mail.due(new Date('2026-11-22T09:59:59Z'))).toEqual([]);
  });
});

describe('command bus', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('refuses a known id with a different request, naming the reuse', async () => {
    const key = randomUUID();
    await t.storage.bus.execute(ctx(key, 'first'), (uow) => request(uow));
    await expect(t.storage.bus.execute(ctx(key, 'second'), () => null)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request',
    });
  });

  it('replays a command id sent without a fingerprint (a command-line tool)', async () => {
    const { fingerprint: _f, ...unprinted } = ctx(randomUUID());
    const first = await t.storage.bus.execute(unprinted, (uow) => request(uow).version);
    const again = await t.storage.bus.execute(unprinted, () => 99);
    expect([first, again]).toEqual([
      { result: 1, replayed: false },
      { result: 1, replayed: true },
    ]);
  });

  it('knows a command id once it is committed, and keeps no record of a command without one', async () => {
    const key = randomUUID();
    expect(t.storage.bus.knows(key)).toBe(false);
    await t.storage.bus.execute(ctx(key), (uow) => request(uow));
    await t.storage.bus.execute(ctx(), (uow) => confirm(uow));
    expect(t.storage.bus.knows(key)).toBe(true);
    expect(t.storage.db.prepare('SELECT command_id FROM commands').pluck().all()).toEqual([key]);
  });

  it('fingerprints a request with a key of its own, the same across a restart', () => {
    const body = '{"email":"ann@example.com","password":"correct horse"}';
    const print = t.storage.bus.fingerprint(body);
    expect(print).toMatch(/^[\w-]{43}$/);
    expect(t.storage.bus.fingerprint(`${body} `)).not.toBe(print);
    expect(t.reopen().bus.fingerprint(body)).toBe(print);
    const other = tempStorage();
    try {
      expect(other.storage.bus.fingerprint(body)).not.toBe(print);
    } finally {
      other.cleanup();
    }
  });

  it("keys fingerprints with the database's own fingerprint_key, so those stored before a restart or an upgrade still match", () => {
    const body = '{"email":"ann@example.com"}';
    const stored = t.storage.db.prepare(`SELECT value FROM meta WHERE name = 'fingerprint_key'`).pluck().get() as string;
    expect(t.storage.bus.fingerprint(body)).toBe(createHmac('sha256', Buffer.from(stored, 'base64')).update(body).digest('base64url'));
  });

  it('runs a command at once and synchronously for a command-line tool, throwing its refusal', () => {
    const key = randomUUID();
    expect(t.storage.bus.executeNow(ctx(key), (uow) => request(uow).version)).toEqual({ result: 1, replayed: false });
    expect(t.storage.store.lastPosition()).toBe(1);
    expect(t.storage.bus.executeNow(ctx(key), () => 2)).toEqual({ result: 1, replayed: true });
    expect(() => t.storage.bus.executeNow(ctx(), (uow) => request(uow))).toThrow('This booking already exists');
  });

  it('rejects every command of a batch whose commit fails, keeps none of them, and commits the next batch', async () => {
    // A deferred foreign key is checked at COMMIT: a stand-in for a disk that fills as the batch commits.
    t.storage.db.exec(
      'CREATE TABLE test_parent (id TEXT PRIMARY KEY); CREATE TABLE test_child (parent TEXT REFERENCES test_parent (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    let runs = 0;
    const booked = t.storage.bus.execute(ctx(randomUUID()), (uow) => {
      runs++;
      return request(uow);
    });
    const dangling = t.storage.bus.execute(ctx(), (uow) => uow.db.prepare(`INSERT INTO test_child VALUES ('nobody')`).run());
    await expect(booked).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    await expect(dangling).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(t.storage.store.lastPosition()).toBe(0);
    expect(t.storage.db.prepare('SELECT COUNT(*) FROM commands').pluck().get()).toBe(0);
    // Not a lock held elsewhere: the batch is not tried again.
    expect(runs).toBe(1);

    await t.storage.bus.execute(ctx(), (uow) => request(uow));
    expect(t.storage.queries.booking(bookingId)?.firstName).toBe('Ann');
  });

  it('tells a commit listener of every commit, until it unsubscribes', async () => {
    let commits = 0;
    const unsubscribe = t.storage.bus.onCommitted(() => commits++);
    await Promise.all([t.storage.bus.execute(ctx(), (uow) => request(uow)), t.storage.bus.execute(ctx(), () => null)]);
    t.storage.bus.executeNow(ctx(), () => null);
    expect(commits).toBe(2);
    unsubscribe();
    await t.storage.bus.execute(ctx(), () => null);
    expect(commits).toBe(2);
  });

  it('commits each command before execute returns when group commit is off', () => {
    const t2 = tempStorage({ groupCommit: false });
    try {
      void t2.storage.bus.execute(ctx(), (uow) => request(uow));
      expect(t2.storage.store.lastPosition()).toBe(1);
    } finally {
      t2.cleanup();
    }
  });
});

describe('command bus: waking the mail sender', () => {
  let t: ReturnType<typeof tempStorage>;
  let wakes: number;
  beforeEach(() => {
    t = tempStorage();
    wakes = 0;
    t.storage.bus.onMailQueued(() => wakes++);
  });
  afterEach(() => t.cleanup());

  it('wakes it once after a commit in which a command queued mail', async () => {
    await t.storage.bus.execute(ctx(), (uow) => uow.mail.queue(mail));
    expect(wakes).toBe(1);
  });

  it('does not wake it for a command that queued none', async () => {
    await t.storage.bus.execute(ctx(), (uow) => request(uow));
    expect(wakes).toBe(0);
  });

  it('does not wake it for mail of a command that failed and was rolled back, though others in the batch succeeded', async () => {
    const failing = t.storage.bus.execute(ctx(), (uow) => {
      uow.mail.queue(mail);
      throw new Error('refused after queueing mail');
    });
    const ok = t.storage.bus.execute(ctx(), (uow) => request(uow));
    await expect(failing).rejects.toThrow('refused');
    await ok;
    expect(wakes).toBe(0);
    expect(t.storage.mail.due(new Date('2026-11-23T00:00:00Z'))).toEqual([]);
  });

  it('does not wake it for a repeat in the batch whose own run queued mail: its run was rolled back', async () => {
    const key = randomUUID();
    const [first, repeat] = await Promise.all([
      t.storage.bus.execute(ctx(key), (uow) => request(uow).version),
      t.storage.bus.execute(ctx(key), (uow) => {
        uow.mail.queue(mail);
        return 2;
      }),
    ]);
    expect([first, repeat]).toEqual([
      { result: 1, replayed: false },
      { result: 1, replayed: true },
    ]);
    expect(wakes).toBe(0);
    expect(t.storage.mail.due(new Date('2026-11-23T00:00:00Z'))).toEqual([]);
  });

  it('wakes it when one command of a batch queued mail and the others did not', async () => {
    await Promise.all([t.storage.bus.execute(ctx(), (uow) => request(uow)), t.storage.bus.execute(ctx(), (uow) => uow.mail.queue(mail))]);
    expect(wakes).toBe(1);
  });

  it('stops waking a listener that unsubscribed', async () => {
    let other = 0;
    const unsubscribe = t.storage.bus.onMailQueued(() => other++);
    unsubscribe();
    await t.storage.bus.execute(ctx(), (uow) => uow.mail.queue(mail));
    expect([wakes, other]).toEqual([1, 0]);
  });
});

describe('command bus: a full disk mid-batch', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('fails the whole batch: none of the commands after the one that filled it commits on its own, answered as failed', async () => {
    const { bus, db } = t.storage;
    bus.executeNow(ctx(), (uow) => request(uow, randomUUID()));
    // The disk has room for about 40 more pages; one command of the batch needs far more.
    db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + 40}`);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const small = (id: string) => bus.execute(ctx(randomUUID()), (uow) => request(uow, id)).then(() => 'ok', (error: Error) => error.message);
    const big = bus
      .execute(ctx(randomUUID()), (uow) => {
        request(uow, randomUUID());
        uow.db.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run('big', 'x'.repeat(400_000));
      })
      .then(() => 'ok', (error: Error) => error.message);

    const outcomes = await Promise.all([small(ids[0]!), big, small(ids[1]!), small(ids[2]!)]);

    expect(outcomes.every((outcome) => outcome !== 'ok')).toBe(true);
    const committed = ids.map((id) => db.prepare('SELECT COUNT(*) FROM events WHERE stream_id = ?').pluck().get(streamId.booking(id)));
    expect(committed).toEqual([0, 0, 0]);
  });
});
