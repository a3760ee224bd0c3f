import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBusy, THREAD_BUSY_RETRY_MS } from '#data/busy.ts';
import { adminCtx as ctx, confirmBooking as confirm, requestBooking as request } from './bus-fixtures.ts';
import { tempStorage } from './store.ts';
import { SQL, traced, type Traced } from './traced.ts';

/**
 * The command bus while another connection holds the write lock (a rebuild, a backup, a second process): it waits
 * without blocking the event loop, tries again after 5, 10, 20, then every 25 ms (every 5 ms in the writer thread), and
 * gives a command up with the busy error (503) once its deadline has passed. The timing tests fake the clock and the timers.
 */


describe('command bus: a lock held by another connection', () => {
  let t: ReturnType<typeof tempStorage>;
  let other: Database.Database;
  beforeEach(() => {
    t = tempStorage({ busyTimeoutMs: 5, busyDeadlineMs: 150 });
    other = new Database(t.file);
  });
  afterEach(() => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    t.cleanup();
  });
  const holdLock = (ms: number) => {
    other.exec('BEGIN IMMEDIATE');
    // Unless the test already ended (its connection closed): on a busy host the timer can outlive it.
    setTimeout(() => other.open && other.inTransaction && other.exec('COMMIT'), ms);
  };

  it('waits without blocking and commits once the lock is released within the deadline', async () => {
    holdLock(60);
    const waiting = [t.storage.bus.execute(ctx(), (uow) => request(uow))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another command that arrives while the first waits joins it.
    waiting.push(t.storage.bus.execute(ctx(), (uow) => confirm(uow)));
    const outcomes = await Promise.all(waiting);
    expect(outcomes.map((o) => o.result.version)).toEqual([1, 2]);
  });

  it('fails with the busy error once the deadline has passed, and writes nothing', async () => {
    holdLock(600);
    const started = performance.now();
    const error = await t.storage.bus.execute(ctx(), (uow) => request(uow)).catch((e: unknown) => e);
    expect(isBusy(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(550);
    await new Promise((resolve) => setTimeout(resolve, 650));
    expect(t.storage.store.lastPosition()).toBe(0);
  });

  it('answers a repeat of a committed command at once, without waiting for the lock', async () => {
    const key = randomUUID();
    await t.storage.bus.execute(ctx(key), (uow) => request(uow));
    holdLock(400);
    const started = performance.now();
    const again = await t.storage.bus.execute(ctx(key), (uow) => request(uow));
    expect(again.replayed).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
    await expect(t.storage.bus.execute(ctx(key, 'different'), () => null)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('command bus: when it tries the lock again', () => {
  let t: ReturnType<typeof tempStorage>;
  let tr: Traced;
  let other: Database.Database;
  // The retries' timing alone: a batch after a small commit begins at once here (the next describe gathers).
  const open = (busyDeadlineMs: number) => {
    tr = traced(t.file, { busyDeadlineMs, gatherMs: 0 });
  };
  beforeEach(() => {
    t = tempStorage();
    other = new Database(t.file);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    tr.close();
    t.cleanup();
  });

  it('tries again after 5, 10, 20, then every 25 ms, and after a commit starts again at 5', async () => {
    open(1_000);
    other.exec('BEGIN IMMEDIATE');
    const first = tr.bus.execute(ctx(), (uow) => request(uow));
    await vi.advanceTimersByTimeAsync(110);
    expect(tr.when(SQL.begin)).toEqual([0, 5, 15, 35, 60, 85, 110]);
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(25);
    expect((await first).result.version).toBe(1);

    other.exec('BEGIN IMMEDIATE');
    const second = tr.bus.execute(ctx(), (uow) => confirm(uow));
    await vi.advanceTimersByTimeAsync(0);
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(5);
    expect((await second).result.version).toBe(2);
    expect(tr.when(SQL.begin)).toEqual([0, 5, 15, 35, 60, 85, 110, 135, 135, 140]);
  });

  it('on a thread of its own (the writer thread), tries again every THREAD_BUSY_RETRY_MS and catches a short gap', async () => {
    tr = traced(t.file, { busyDeadlineMs: 1_000, busyRetryMs: THREAD_BUSY_RETRY_MS, gatherMs: 0 });
    other.exec('BEGIN IMMEDIATE');
    const first = tr.bus.execute(ctx(), (uow) => request(uow));
    await vi.advanceTimersByTimeAsync(60);
    expect(tr.when(SQL.begin)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
    // A gap as a rebuild leaves between two steps: the lock is free from 61 ms, taken again at 66, and the command
    // got in at 65.
    await vi.advanceTimersByTimeAsync(1);
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(5);
    other.exec('BEGIN IMMEDIATE');
    expect((await first).result.version).toBe(1);
    expect(tr.when(SQL.begin).at(-1)).toBe(65);
  });

  it('lets a command that arrives while a batch waits join that batch, without trying the lock itself', async () => {
    open(1_000);
    other.exec('BEGIN IMMEDIATE');
    const first = tr.bus.execute(ctx(), (uow) => request(uow));
    await vi.advanceTimersByTimeAsync(2);
    const second = tr.bus.execute(ctx(), (uow) => confirm(uow));
    await vi.advanceTimersByTimeAsync(2);
    expect(tr.when(SQL.begin)).toEqual([0]);
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(1);
    expect([(await first).result.version, (await second).result.version]).toEqual([1, 2]);
    expect(tr.when(SQL.begin)).toEqual([0, 5]);
    expect(tr.count('COMMIT')).toBe(1);
  });

  it('gives a command up with the busy error at its deadline, not one attempt later', async () => {
    open(35);
    other.exec('BEGIN IMMEDIATE');
    let answer: unknown;
    void tr.bus.execute(ctx(), (uow) => request(uow)).catch((error: unknown) => (answer = error));
    await vi.advanceTimersByTimeAsync(34);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(isBusy(answer)).toBe(true);
    expect(tr.when(SQL.begin)).toEqual([0, 5, 15, 35]);
    await vi.advanceTimersByTimeAsync(100);
    expect(tr.when(SQL.begin)).toHaveLength(4);
  });
});

describe('command bus: gathering after a small commit', () => {
  let t: ReturnType<typeof tempStorage>;
  let tr: Traced;
  beforeEach(() => {
    t = tempStorage();
    tr = traced(t.file);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    tr.close();
    t.cleanup();
  });

  it('waits 1 ms for more after a commit of fewer than 4, and begins at once after one of 4 or more', async () => {
    // The first batch begins at once.
    const first = tr.bus.execute(ctx(), (uow) => request(uow, randomUUID()));
    await vi.advanceTimersByTimeAsync(0);
    expect((await first).result.version).toBe(1);
    expect(tr.when(SQL.begin)).toEqual([0]);

    // It held one command: the next batch gathers for 1 ms, and what arrives meanwhile joins it.
    const gathered = [tr.bus.execute(ctx(), (uow) => request(uow, randomUUID()))];
    await vi.advanceTimersByTimeAsync(0.5);
    expect(tr.when(SQL.begin)).toEqual([0]);
    for (let i = 0; i < 3; i++) gathered.push(tr.bus.execute(ctx(), (uow) => request(uow, randomUUID())));
    await vi.advanceTimersByTimeAsync(0.5);
    await Promise.all(gathered);
    expect(tr.when(SQL.begin)).toEqual([0, 1]);
    expect(tr.count('COMMIT')).toBe(2);

    // That commit held four: the next batch begins at once.
    const next = tr.bus.execute(ctx(), (uow) => request(uow, randomUUID()));
    await vi.advanceTimersByTimeAsync(0);
    await next;
    expect(tr.when(SQL.begin)).toEqual([0, 1, 1]);
  });

  /** Runs `together` commands at once and answers how long their batch waited before it began (0 or 1 ms). */
  const send = async (together: number): Promise<number> => {
    const sent = performance.now();
    const begins = tr.when(SQL.begin).length;
    const commands = Array.from({ length: together }, () => tr.bus.execute(ctx(), (uow) => request(uow, randomUUID())));
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(commands);
    return tr.when(SQL.begin)[begins]! - sent;
  };

  it('stops waiting for a client that sends one command at a time, and gathers again once commands come together', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 40; i++) waits.push(await send(1));
    // The first begins at once; fourteen gathers get nothing more (the score falls below a quarter); then at once.
    expect(waits).toEqual([0, ...Array<number>(14).fill(1), ...Array<number>(25).fill(0)]);

    // Two at a time: every 50th small commit still gathers; that one gets both, and the bus gathers again.
    const untilProbe: number[] = [];
    while (untilProbe.length < 60 && untilProbe.at(-1) !== 1) untilProbe.push(await send(2));
    expect(untilProbe).toHaveLength(50 - 25);
    expect(untilProbe.at(-1)).toBe(1);
    expect([await send(2), await send(2), await send(2)]).toEqual([1, 1, 1]);

    // One at a time again: four hits in a row put the score near 1, and thirteen misses take it below a quarter.
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) alone.push(await send(1));
    expect(alone).toEqual([...Array<number>(13).fill(1), ...Array<number>(7).fill(0)]);
  });
});
