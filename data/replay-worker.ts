/**
 * The replay reader's thread (data/replay-reader.ts): reads the log on its own connection, opens each event's
 * data (JSON, the sealed personal fields, upcasting) and hands the pages over, a few ahead of the thread that
 * projects them. Messages out on `port`: { after, rows } per page (the data of each row as JSON text), then
 * { end: true } (or { error }).
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { EventStore } from './event-store.ts';
import { Projector } from './projector.ts';
import { Vault } from './vault.ts';

export type ReplayData = {
  file: string;
  /** Pages of events after `start[0]`, up to and including `until`; -1 until the reader says where to begin. */
  start: BigInt64Array;
  until: number;
  pageSize: number;
  /** How many pages may wait unread. */
  ahead: number;
  port: MessagePort;
  /** [pages posted, pages taken, stop, ready]: the reader waits on the first, this thread on the second. */
  counters: Int32Array;
};

const { file, start, until, pageSize, ahead, port, counters } = workerData as ReplayData;
/**
 * How many people's keys this thread remembers: it reads the whole log once, and a customer's events lie far
 * apart in it (in the bench's log a customer books again about 55,000 bookings later). With the vault's usual
 * 20,000, a million-event replay imported 55,556 keys about 170,000 times. A remembered key takes about 0.4 KB of heap.
 */
const REPLAY_MAX_PEOPLE = 100_000;
/**
 * The thread's SQLite page cache. It reads the log once, front to back, so the default 16 MB fills with pages it
 * never reads again: peak RSS of a million-event rebuild 464–495 MB with it, 440–466 MB with 2 MB, and no slower.
 */
const READER_CACHE_KB = 2_048;
const POSTED = 0;
const TAKEN = 1;
const STOP = 2;
const READY = 3;

const post = (message: unknown): void => {
  port.postMessage(message);
  Atomics.add(counters, POSTED, 1);
  Atomics.notify(counters, POSTED);
};

let db: Database.Database | undefined;
try {
  db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${READER_CACHE_KB}`);
  const store = new EventStore(db, new Vault(db, { maxPeople: REPLAY_MAX_PEOPLE }), new Projector(db));
  // Ready: the reader has the rebuild say where to begin (it read on its own meanwhile).
  Atomics.store(counters, READY, 1);
  while (Atomics.load(start, 0) < 0n && Atomics.load(counters, STOP) === 0) Atomics.wait(start, 0, -1n, 100);
  let at = Number(Atomics.load(start, 0));
  while (at < until && Atomics.load(counters, STOP) === 0) {
    // Wait while the reader has `ahead` pages it has not taken yet.
    while (Atomics.load(counters, POSTED) - Atomics.load(counters, TAKEN) >= ahead && Atomics.load(counters, STOP) === 0) {
      Atomics.wait(counters, TAKEN, Atomics.load(counters, TAKEN), 100);
    }
    const rows = store.openedTextPage(at, pageSize).filter((row) => row[0] <= until);
    if (rows.length === 0) break;
    post({ after: at, rows });
    at = rows[rows.length - 1]![0];
  }
  post({ end: true });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db?.close();
  port.close();
}
