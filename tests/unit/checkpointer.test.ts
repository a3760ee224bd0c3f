import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { Checkpointer } from '#data/checkpointer.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { bookingRequested } from './fixtures.ts';

/**
 * The WAL checkpointer (ADR 014): a worker thread copies committed pages into the database file, so no request
 * waits for a checkpoint; without it SQLite checkpoints in the committing connection, as before.
 */
describe('the WAL checkpointer', () => {
  const dirs: string[] = [];
  const opened: Storage[] = [];
  const open = (checkpointInBackground: boolean, onBackgroundError?: (m: string) => void): { storage: Storage; file: string } => {
    const dir = mkdtempSync(join(tmpdir(), 'spark-ckpt-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    const storage = openStorage(file, { checkpointInBackground, ...(onBackgroundError ? { onBackgroundError } : {}) });
    opened.push(storage);
    return { storage, file };
  };
  afterEach(() => {
    for (const s of opened.splice(0)) if (s.db.open) s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** 50 booking requests, each its own commit (so each nudges the thread): about 600 WAL pages. */
  const write = async (storage: Storage, count = 50): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      await storage.bus.execute({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'anonymous', now: new Date() }, (uow) =>
        uow.handle(
          streamId.booking(id),
          bookingDecider,
          { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data },
          { expectedVersion: 0, subject: `email:${i}@example.com` },
        ),
      );
    }
  };

  it('copies committed pages into the database file while the main connection only commits', async () => {
    const { storage, file } = open(true);
    expect(storage.checkpointer?.running).toBe(true);
    // The main connection's own checkpoint is only a safety net, far above what this test writes.
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(16_384);
    const before = statSync(file).size;
    await write(storage);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 40_000), { timeout: 10_000, interval: 20 });
    expect(storage.store.readAll(0, 1_000)).toHaveLength(50);
  });

  it('leaves the pages in the WAL without it until SQLite checkpoints at 1,000 pages (the control)', async () => {
    const { storage, file } = open(false);
    expect(storage.checkpointer).toBeNull();
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    const before = statSync(file).size;
    await write(storage);
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(40_000);
  });

  it('closes its connection first, so closing the storage checkpoints everything and removes the WAL', async () => {
    const { storage, file } = open(true);
    await write(storage);
    storage.close();
    expect(storage.checkpointer?.running).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openStorage(file);
    opened.push(reopened);
    expect(reopened.store.readAll(0, 1_000)).toHaveLength(50);
  });

  it('hands checkpoints back to SQLite and says so when its thread cannot work', async () => {
    const { storage } = open(false);
    const errors: string[] = [];
    // The thread cannot open a database in a folder that does not exist: it fails as it starts.
    const broken = new Checkpointer(storage.db, join(tmpdir(), `no-such-folder-${randomUUID()}`, 'app.db'), (m) => errors.push(m));
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(16_384);
    await vi.waitFor(() => expect(broken.running).toBe(false), { timeout: 10_000, interval: 20 });
    expect(errors).toEqual([expect.stringMatching(/^checkpointer stopped; the main connection checkpoints again: /)]);
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    broken.afterCommit();
    broken.close();
  });

  /** What the database file itself holds: a copy of it without its WAL shows only what was checkpointed. */
  const checkpointed = (file: string, sql: string): unknown => {
    const copy = `${file}-copy-${randomUUID()}.db`;
    copyFileSync(file, copy);
    const db = new Database(copy, { readonly: true });
    try {
      return db.prepare(sql).pluck().get();
    } finally {
      db.close();
      rmSync(copy, { force: true });
    }
  };
  const checkpointedEvents = (file: string): number => checkpointed(file, 'SELECT COUNT(*) FROM events') as number;
  /** The page where the bookings table begins: a rebuild swaps in a new table, which begins elsewhere. */
  const BOOKINGS_ROOT = `SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'bookings'`;

  it("copies a rebuild's commits too, though nothing else commits meanwhile", async () => {
    const { storage, file } = open(true);
    await write(storage);
    await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(50), { timeout: 10_000, interval: 20 });
    const before = checkpointed(file, BOOKINGS_ROOT);
    await storage.rebuild();
    const swapped = storage.db.prepare(BOOKINGS_ROOT).pluck().get();
    expect(swapped).not.toBe(before);
    // The swap itself is in the database file: the read models there are the rebuilt ones.
    await vi.waitFor(() => expect(checkpointed(file, BOOKINGS_ROOT)).toBe(swapped), { timeout: 10_000, interval: 20 });
    expect(checkpointed(file, 'SELECT COUNT(*) FROM bookings')).toBe(50);
  });

  it("gives a command-line tool's rebuild a thread of its own, and the connection its own checkpoints back after", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spark-ckpt-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    const storage = openStorage(file, { ownProcess: true });
    opened.push(storage);
    expect(storage.checkpointer).toBeNull();
    // The schema in the database file itself, so a copy without the WAL can be read from the start.
    storage.db.pragma('wal_checkpoint(TRUNCATE)');
    await write(storage);
    // Under SQLite's 1,000 pages: the commits are in the WAL only.
    expect(checkpointedEvents(file)).toBe(0);
    await storage.rebuild();
    await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(50), { timeout: 10_000, interval: 20 });
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });

  it('checkpoints a commit made while a checkpoint runs, once that one is done', async () => {
    const { storage, file } = open(false);
    const eager = new Checkpointer(storage.db, file, () => {}, 0);
    const commitNow = (): void => {
      const id = randomUUID();
      storage.bus.executeNow({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
        uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { expectedVersion: 0, subject: 'email:a@example.com' }),
      );
    };
    // The schema in the database file itself, so a copy without the WAL can be read from the start.
    storage.db.pragma('wal_checkpoint(TRUNCATE)');
    try {
      commitNow();
      eager.afterCommit();
      // The thread copies the first commit; this thread waits for that without letting its event loop run, so
      // the thread's answer is not yet heard and the next commit finds a checkpoint still running.
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (const deadline = performance.now() + 10_000; checkpointedEvents(file) < 1 && performance.now() < deadline; ) Atomics.wait(pause, 0, 0, 10);
      expect(checkpointedEvents(file)).toBe(1);
      commitNow();
      eager.afterCommit();
      await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(2), { timeout: 10_000, interval: 20 });
    } finally {
      eager.close();
    }
  });

  it('checkpoints at most once per interval, and a commit within it once the interval ends', async () => {
    const { storage, file } = open(false);
    const slow = new Checkpointer(storage.db, file, () => {}, 60_000);
    try {
      await write(storage, 1);
      slow.afterCommit();
      await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(1), { timeout: 10_000, interval: 20 });
      // Within the minute: the next commit waits for the interval to end.
      await write(storage, 1);
      slow.afterCommit();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(checkpointedEvents(file)).toBe(1);
    } finally {
      slow.close();
    }
    const brisk = new Checkpointer(storage.db, file, () => {}, 200);
    try {
      brisk.afterCommit();
      await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(2), { timeout: 10_000, interval: 20 });
      await write(storage, 1);
      brisk.afterCommit();
      // No commit after it: the timer at the end of the interval checkpoints it.
      await vi.waitFor(() => expect(checkpointedEvents(file)).toBe(3), { timeout: 10_000, interval: 20 });
    } finally {
      brisk.close();
    }
  });
});
