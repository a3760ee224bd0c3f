import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ERASED } from '#domain/limits.ts';
import { KeysDeletedMeanwhile, rebuildInSlices, StagedRebuild } from '#data/rebuild.ts';
import { openStorage, type Storage } from '#data/storage.ts';
import { bookingRequested } from './fixtures.ts';

/**
 * An erasure deletes a key, then rebuilds the read models, which hold the person's fields in the clear until then.
 * A process stopped between the two left them there; the next start rebuilds first (`rebuildOwed`).
 */
describe('a rebuild owed after keys were deleted', () => {
  const dirs: string[] = [];
  const opened: Storage[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) if (s.db.open) s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'spark-owed-'));
    dirs.push(dir);
    return join(dir, 'app.db');
  };
  /** As the server opens it, before it serves. */
  const reopen = (file: string, rebuildIfOwed = true): Storage => {
    const storage = openStorage(file, { rebuildIfOwed });
    opened.push(storage);
    return storage;
  };
  const request = (storage: Storage, email: string): Promise<unknown> => {
    const id = randomUUID();
    return storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
      uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: { ...bookingRequested({ bookingId: id }).data, email } }, {
        expectedVersion: 0,
        subject: `email:${email}`,
      }),
    );
  };
  const emails = (storage: Storage): unknown[] => storage.db.prepare('SELECT email FROM bookings ORDER BY email').pluck().all();

  it('rebuilds at the next start when a key was deleted and the rebuild never came', async () => {
    const file = fresh();
    const storage = reopen(file);
    await request(storage, 'gone@example.com');
    await request(storage, 'kept@example.com');
    // The key deleted, as `erase` does first; then the process stops before its rebuild.
    storage.db.transaction(() => storage.vault.erase('email:gone@example.com')).immediate();
    expect(emails(storage)).toEqual(['gone@example.com', 'kept@example.com']);
    storage.close();

    // A command-line tool or the writer thread leaves it to the server's start: they may run beside a server.
    const tool = reopen(file, false);
    expect(emails(tool)).toEqual(['gone@example.com', 'kept@example.com']);
    tool.close();

    const started = reopen(file);
    expect(emails(started)).toEqual([ERASED, 'kept@example.com']);
  });

  it('does not rebuild at start after an erasure that finished', async () => {
    const file = fresh();
    const storage = reopen(file);
    await request(storage, 'gone@example.com');
    await storage.erase('email:gone@example.com');
    const root = storage.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get();
    storage.close();

    const started = reopen(file);
    expect(started.db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'bookings'`).pluck().get()).toBe(root);
    expect(emails(started)).toEqual([ERASED]);
  });

  it('refuses to swap in a rebuild that replayed before an erasure, and a rebuild in slices starts again', async () => {
    const file = fresh();
    const storage = reopen(file, false);
    await request(storage, 'gone@example.com');
    await request(storage, 'kept@example.com');

    // Replayed while the key was there: the staged rows hold the address.
    const rebuild = new StagedRebuild(storage.db, storage.store, { maxEvents: Infinity, maxMs: Infinity });
    while (!rebuild.swapIsNear) rebuild.step();
    storage.db.transaction(() => storage.vault.erase('email:gone@example.com')).immediate();
    expect(() => {
      while (!rebuild.done) rebuild.step();
    }).toThrow(KeysDeletedMeanwhile);
    rebuild.abandon();
    expect(emails(storage)).toEqual(['gone@example.com', 'kept@example.com']);

    // In slices (`npm run rebuild`, the server's): an erasure after its first step, then it starts again and finishes.
    let erased = false;
    const result = await rebuildInSlices(storage.db, storage.store, { maxEvents: 1, maxMs: Infinity }, () => {
      if (erased) return;
      erased = true;
      storage.db.transaction(() => storage.vault.erase('email:kept@example.com')).immediate();
    });
    expect(result.events).toBe(2);
    expect(emails(storage)).toEqual([ERASED, ERASED]);
    expect(storage.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rebuild_%'`).all()).toEqual([]);
  });
});
