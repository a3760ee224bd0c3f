import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { rebuildInThread } from '#data/rebuild-thread.ts';
import { openStorage, type Storage, type StorageOptions } from '#data/storage.ts';
import { bookingRequested } from './fixtures.ts';

/**
 * The server's rebuilds (after an erasure, the retention sweep) run in a thread of their own with their own
 * connection (data/rebuild-thread.ts), so no index build or swap holds the HTTP thread's event loop; a command-line
 * tool's run where it is, on the connection it has to itself.
 */
describe('where a rebuild runs', () => {
  const dirs: string[] = [];
  const opened: Storage[] = [];
  const open = (options: StorageOptions): { storage: Storage; file: string; dir: string } => {
    const dir = mkdtempSync(join(tmpdir(), 'spark-rebuild-thread-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    const storage = openStorage(file, options);
    opened.push(storage);
    return { storage, file, dir };
  };
  afterEach(() => {
    for (const s of opened.splice(0)) if (s.db.open) s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const write = async (storage: Storage, count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      await storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
        uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, {
          expectedVersion: 0,
          subject: `email:${i}@example.com`,
        }),
      );
    }
  };

  it("runs the server's in a thread of its own, and the server's connection reads the rebuilt read models", async () => {
    const { storage } = open({ checkpointInBackground: true });
    await write(storage, 30);
    const before = storage.snapshot();
    const rootBefore = storage.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get();

    const result = await storage.rebuild();

    expect(result.threadId).not.toBe(threadId);
    expect(result.threadId).toBeGreaterThan(0);
    expect(result.events).toBe(30);
    // Swapped in (a new table), with the same rows; the live projector writes to it afterwards.
    expect(storage.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get()).not.toBe(rootBefore);
    expect(storage.snapshot()).toEqual(before);
    await write(storage, 1);
    expect(storage.db.prepare('SELECT COUNT(*) FROM bookings').pluck().get()).toBe(31);
  });

  it('tells the server of each step the thread committed, the swap included, before it resolves', async () => {
    const { storage } = open({ checkpointInBackground: true });
    await write(storage, 10);
    const rootBefore = storage.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get();
    // What the server's read cache does on each call: look at the database again.
    const roots: unknown[] = [];
    storage.onRebuildCommitted(() => roots.push(storage.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get()));

    const rebuilt = storage.rebuild().then(() => roots.length);

    expect(await rebuilt).toBeGreaterThan(2);
    // By the last call the swap had committed: the live table is the rebuilt one.
    expect(roots.at(-1)).not.toBe(rootBefore);
  });

  it("runs a command-line tool's on its own connection, in its thread", async () => {
    const { storage } = open({ ownProcess: true });
    await write(storage, 5);
    expect((await storage.rebuild()).threadId).toBe(threadId);
  });

  it('rejects when the thread cannot rebuild, and leaves the live read models as they were', async () => {
    const { storage, dir } = open({ checkpointInBackground: true });
    await write(storage, 3);
    const before = storage.snapshot();
    // A database "in" a plain file: the thread cannot open it.
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, '');
    await expect(rebuildInThread(join(notAFolder, 'app.db'), 10, { maxEvents: 5_000, maxMs: 15, pauseMs: 5 })).rejects.toThrow();
    expect(storage.snapshot()).toEqual(before);
  });
});
