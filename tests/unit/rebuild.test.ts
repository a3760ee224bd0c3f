import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '#data/command-bus.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { requestBookingOrQuote } from '#backend/commands/bookings.ts';
import { tempStorage } from './store.ts';

const require = createRequire(import.meta.url);
/** A thread that holds the write lock for 8 ms out of every 9, until told to stop. */
const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let stop = false;
parentPort.on('message', () => (stop = true));
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
parentPort.postMessage('ready');
const loop = () => {
  if (stop) {
    db.close();
    parentPort.close();
    return;
  }
  db.exec('BEGIN IMMEDIATE');
  pause(8);
  db.exec('COMMIT');
  pause(1);
  setImmediate(loop);
};
loop();
`;

const ctx = (): CommandContext => ({ commandId: randomUUID(), fingerprint: 'f', actor: null, role: 'customer', now: new Date('2026-11-22T10:00:00Z') });
const quote = (i: number) => CreateBookingSchema.parse({ firstName: `P${i}`, email: `p${i % 7}@example.com`, serviceType: 'rewiring', description: `job ${i}` });
const tables = (t: ReturnType<typeof tempStorage>) =>
  t.storage.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[];

describe('rebuild aside and swap (data/rebuild.ts)', () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  it('keeps taking commands while it replays, and the swapped-in read models include them', async () => {
    for (let i = 0; i < 300; i++) await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null));
    const before = tables(t);
    const seeded = t.storage.store.lastPosition();

    let written = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(1000 + written), null));
        written += 1;
      }
    })();
    // Small slices, so writes land between them (and in the tail the swap applies).
    const { rebuildInSlices } = await import('#data/rebuild.ts');
    const result = await rebuildInSlices(t.storage.db, t.storage.store, { maxEvents: 50, maxMs: 5 });
    stop = true;
    await writer;

    expect(written).toBeGreaterThan(0);
    expect(result.events).toBeGreaterThan(seeded);
    const live = t.storage.snapshot();
    expect(live['quotes']).toHaveLength(300 + written);
    // A second rebuild, with nothing else running, gives the same rows: nothing was missed or doubled.
    await t.storage.rebuild();
    expect(t.storage.snapshot()).toEqual(live);
    // No staging table is left behind.
    expect(tables(t)).toEqual(before);
  });

  it('replays in slices even when each slice first waits for a lock held elsewhere (the swap applies only the tail)', async () => {
    const t2 = tempStorage({ busyTimeoutMs: 50 });
    try {
      for (let i = 0; i < 200; i++) await t2.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null));
      // Another thread keeps taking the lock for 8 ms: each slice first waits for it, and that wait must
      // not count against the slice's time (else the replay ends at once and the swap does all the work).
      const holder = new Worker(HOLDER, { eval: true, workerData: { file: t2.file, sqlite: require.resolve('better-sqlite3') } });
      await once(holder, 'message');
      const { rebuildInSlices } = await import('#data/rebuild.ts');
      const result = await rebuildInSlices(t2.storage.db, t2.storage.store, { maxEvents: 50, maxMs: 2, pauseMs: 1 }).finally(() => holder.postMessage('stop'));
      await once(holder, 'exit');

      expect(result.events).toBe(t2.storage.store.lastPosition());
      expect(result.tail).toBeLessThan(50);
    } finally {
      t2.cleanup();
    }
  });

  it('lets the WAL grow to 64 MB before its own commits checkpoint, and puts both the cache and the checkpoint back', async () => {
    for (let i = 0; i < 20; i++) await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null));
    const pragma = (name: string): number => t.storage.db.pragma(name, { simple: true }) as number;
    const cache = pragma('cache_size');
    expect(pragma('wal_autocheckpoint')).toBe(1_000);
    const { StagedRebuild } = await import('#data/rebuild.ts');
    const rebuild = new StagedRebuild(t.storage.db, t.storage.store, { maxEvents: 5, maxMs: 50 });
    rebuild.step();
    expect([pragma('wal_autocheckpoint'), pragma('cache_size')]).toEqual([16_384, -16_384]);
    while (!rebuild.done) rebuild.step();
    expect([pragma('wal_autocheckpoint'), pragma('cache_size')]).toEqual([1_000, cache]);
    // The server's connection already checkpoints only at 64 MB (its checkpointer thread does the rest): left as it is.
    t.storage.db.pragma('wal_autocheckpoint = 16384');
    await t.storage.rebuild();
    expect(pragma('wal_autocheckpoint')).toBe(16_384);
  });

  it('grows its slices while nobody else writes, and keeps them short while another connection commits', async () => {
    for (let i = 0; i < 200; i++) await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(i), null));
    const Database = require('better-sqlite3') as typeof import('better-sqlite3');
    const other = new Database(t.file);
    other.exec('CREATE TABLE elsewhere (n INTEGER)');
    const { StagedRebuild } = await import('#data/rebuild.ts');
    /** Events each replay slice took, with `between` run after each step (the first, too). */
    const slices = (between: () => void): number[] => {
      const rebuild = new StagedRebuild(t.storage.db, t.storage.store, { maxEvents: 10, maxMs: 1_000, grow: true });
      const sizes: number[] = [];
      rebuild.step();
      between();
      while (sizes.reduce((a, b) => a + b, 0) < 150) {
        const before = rebuild.result().events;
        rebuild.step();
        sizes.push(rebuild.result().events - before);
        between();
      }
      while (!rebuild.done) rebuild.step();
      return sizes;
    };
    try {
      expect(slices(() => {})).toEqual([10, 20, 40, 80]);
      // A commit elsewhere between slices (a server taking a request): never waited for, but seen.
      expect(new Set(slices(() => other.exec('INSERT INTO elsewhere VALUES (1)')))).toEqual(new Set([10]));
    } finally {
      other.close();
    }
  });

  it('drops the staging tables a killed rebuild left behind', async () => {
    await t.storage.bus.execute(ctx(), (uow) => requestBookingOrQuote(uow, quote(1), null));
    t.storage.db.exec('CREATE TABLE rebuild_dead_bookings (id TEXT)');
    t.storage.db.prepare(`INSERT INTO meta (name, value) VALUES ('rebuild:dead', '2147483646 gone')`).run();

    await t.storage.rebuild();

    expect(tables(t).filter((n) => n.startsWith('rebuild_'))).toEqual([]);
    expect(t.storage.db.prepare(`SELECT COUNT(*) FROM meta WHERE name LIKE 'rebuild:%'`).pluck().get()).toBe(0);
  });
});
